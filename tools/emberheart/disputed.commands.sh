#!/bin/sh
# Emberheart sample 'disputed', recorded by tools/emberheart/make.py (seed 37).
set -e
export SCOREKEEPER_SESSION="${SCOREKEEPER_SESSION:-disputed.json}"
scorekeeper new emberheart --players Astrid,Brandon,Helga --session $SCOREKEEPER_SESSION
scorekeeper set 'flame_glory={"1": 1, "2": 2, "4": 5, "5": 6, "7": 10, "8": 12, "9": 14, "10": 16, "11": 18, "12": 20, "13": 22, "14": 24, "15": 26, "16": 28, "17": 30, "18": 32, "19": 34, "20": 36, "21": 38, "22": 40, "23": 42, "24": 44, "25": 46, "26": 48, "27": 50, "28": 52, "29": 54, "30": 56}'
scorekeeper eh reveal guild 1 dragonspeaker
scorekeeper eh reveal guild 2 custodian
scorekeeper eh reveal guild 3 fire-sage
scorekeeper eh reveal tavern 1 1S1R --flame 1
scorekeeper eh reveal tavern 2 1S1R --flame -1
scorekeeper eh reveal tavern 3 1S1W --flame 1
scorekeeper eh reveal camp 1 red 1
scorekeeper eh reveal camp 2 red 4
scorekeeper eh reveal camp 3 green 1
scorekeeper eh reveal mountain b1 green 3
scorekeeper eh reveal mountain b2 green 3
scorekeeper eh reveal mountain b3 red 3
scorekeeper eh reveal mountain m1 blue 6 --wardens 1
scorekeeper eh reveal mountain m2 green 4 --flame 2 --wardens 1
scorekeeper eh reveal mountain t1 blue 9 --flame 1
scorekeeper eh reveal preserve 1 blue
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison red 3 1red speed
scorekeeper eh reveal garrison blue 3 1blue speed
scorekeeper eh reveal garrison green 3 1green strength
scorekeeper eh raidcard 1 G red
scorekeeper eh raidcard 2 G ranger
scorekeeper eh place tavern 4 3G -p Astrid --force
scorekeeper eh place guild 5 5G -p Astrid
scorekeeper eh swap G W -p Brandon
scorekeeper eh place tavern 1 1W -p Brandon --force
scorekeeper eh place tavern 1 1G -p Brandon
scorekeeper eh aide healer -p Astrid --force
scorekeeper eh place mountain 5 4G -p Helga -c
scorekeeper eh swap G W 1 -p Astrid
scorekeeper eh place preserve 5 4G -p Astrid -c
scorekeeper eh place tavern 5 4G -p Brandon -c
scorekeeper eh place camp 5 5G -p Helga
scorekeeper eh special firestation -p Astrid
scorekeeper eh place mountain 4 3G1W -p Brandon
scorekeeper eh place camp 1 1G -p Helga
scorekeeper eh place tavern 4 4G -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh place mountain 1 1W -p Astrid
scorekeeper eh aide leader -p Brandon
scorekeeper eh aide healer -p Helga
scorekeeper eh aide defender -p Astrid --raid 1
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh swap G W 1 -p Helga
scorekeeper eh place garrison 3 3G -p Helga
scorekeeper eh claim dragonspeaker
scorekeeper eh claim T1
scorekeeper eh claim T2
scorekeeper eh claim T3
scorekeeper eh claim C2
scorekeeper eh claim C1
scorekeeper eh claim M2
scorekeeper eh claim M1
scorekeeper eh claim M3
scorekeeper eh order 4 1 -p Brandon
scorekeeper eh claim M4
scorekeeper eh claim M5
scorekeeper eh attach M5 dragonspeaker -p Astrid
scorekeeper eh claim P3
scorekeeper eh attach M3 P3 -p Astrid
scorekeeper eh claim blue3
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh reveal guild 1 dragon-trainer
scorekeeper eh reveal guild 2 paragon
scorekeeper eh reveal guild 3 dragon-knight
scorekeeper eh reveal tavern 1 1G1S1R --flame 1
scorekeeper eh reveal tavern 2 2G1W --flame 1
scorekeeper eh reveal tavern 3 3G --flame 0
scorekeeper eh reveal camp 1 green 3
scorekeeper eh reveal camp 2 red 2
scorekeeper eh reveal camp 3 green 3
scorekeeper eh reveal mountain b1 green 3 --flame 2
scorekeeper eh reveal mountain b2 blue 3 --flame 2 --wardens 1
scorekeeper eh reveal mountain b3 blue 2 --flame 1
scorekeeper eh reveal mountain m1 blue 5 --flame 1
scorekeeper eh reveal mountain m2 blue 6
scorekeeper eh reveal mountain t1 red 9 --flame 1
scorekeeper eh reveal preserve 1 blue
scorekeeper eh reveal preserve 2 red
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison blue 4 2blue strength
scorekeeper eh raidcard 1 E hero
scorekeeper eh raidcard 2 G blue
scorekeeper eh aide healer -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh place garrison 2 0 -p Astrid -c
scorekeeper eh swap G S 1 -p Brandon
scorekeeper eh place preserve 5 3G1R -p Brandon -c
scorekeeper eh place tavern 5 4G -p Helga -c
scorekeeper eh special firestation -p Astrid
scorekeeper eh place tavern 3 3S -p Brandon
scorekeeper eh aide defender -p Helga --raid 1
scorekeeper eh place guild 5 4G1S -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh place mountain 1 1W -p Helga
scorekeeper eh place garrison 1 1R -p Astrid
scorekeeper eh place mountain 4 3G1W -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special warehouse -p Astrid
scorekeeper eh place camp 1 1G -p Brandon
scorekeeper eh aide leader -p Helga
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh claim dragon-knight
scorekeeper eh claim T5
scorekeeper eh claim T6
scorekeeper eh claim C4
scorekeeper eh claim M7
scorekeeper eh claim M8
scorekeeper eh complete blue3 -p Helga
scorekeeper eh claim M11
scorekeeper eh claim P5
scorekeeper eh claim blue4
scorekeeper eh claim green3
scorekeeper eh complete green3 -p Astrid
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh reveal guild 1 infiltrator
scorekeeper eh reveal guild 2 overseer
scorekeeper eh reveal guild 3 mentor
scorekeeper eh reveal tavern 1 1G1R --flame 1
scorekeeper eh reveal tavern 2 1S1W --flame 1
scorekeeper eh reveal tavern 3 1G1R --flame 1
scorekeeper eh reveal camp 1 blue 2
scorekeeper eh reveal camp 2 exotic 2
scorekeeper eh reveal camp 3 red 3
scorekeeper eh reveal mountain b1 green 3 --flame 1 --wardens 1
scorekeeper eh reveal mountain b2 blue 3
scorekeeper eh reveal mountain b3 blue 3 --flame 2
scorekeeper eh reveal mountain m1 blue 4 --wardens 1
scorekeeper eh reveal mountain m2 blue 6 --flame 2
scorekeeper eh reveal mountain t1 blue 9 --flame 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 blue
scorekeeper eh reveal garrison blue 5 2blue+1hero senses
scorekeeper eh reveal garrison green 4 2green strength
scorekeeper eh raidcard 1 G warden
scorekeeper eh raidcard 2 G garrison
scorekeeper eh aide leader -p Helga
scorekeeper eh place preserve 3 1R -p Astrid -c
scorekeeper eh aide defender -p Brandon --raid 2
scorekeeper eh place preserve 5 4G -p Helga -c
scorekeeper eh special firestation -p Astrid
scorekeeper eh place guild 5 1G3S -p Brandon -c
scorekeeper eh place preserve 1 1G -p Helga
scorekeeper eh swap G R 2 -p Astrid
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh place garrison 1 1R -p Brandon
scorekeeper eh place mountain 1 1W -p Helga
scorekeeper eh place preserve 4 2G2R -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special firestation -p Astrid
scorekeeper eh place guild 4 4G -p Brandon
scorekeeper eh aide healer -p Helga
scorekeeper eh place camp 4 3G1S -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh claim mentor
scorekeeper eh attach M4 mentor -p Brandon
scorekeeper eh claim overseer
scorekeeper eh attach M1 overseer -p Brandon
scorekeeper eh claim C9 --dragonspeaker
scorekeeper eh claim M13
scorekeeper eh claim P9
scorekeeper eh attach M8 P9 -p Helga
scorekeeper eh claim P7
scorekeeper eh claim P8
scorekeeper eh recall
scorekeeper eh claim blue5
scorekeeper eh complete blue5 -p Brandon
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh reveal guild 1 fire-marshall
scorekeeper eh reveal guild 2 caretaker
scorekeeper eh reveal guild 3 apprentice
scorekeeper eh reveal tavern 1 2G1S --flame -1
scorekeeper eh reveal tavern 2 2G1W --flame 0
scorekeeper eh reveal tavern 3 2G1S --flame -1
scorekeeper eh reveal camp 1 red 4
scorekeeper eh reveal camp 2 green 2
scorekeeper eh reveal camp 3 red 2
scorekeeper eh reveal mountain b1 green 4
scorekeeper eh reveal mountain b2 red 2 --flame 2 --wardens 1
scorekeeper eh reveal mountain b3 green 3
scorekeeper eh reveal mountain m1 blue 4 --flame 1
scorekeeper eh reveal mountain m2 red 5 --wardens 1
scorekeeper eh reveal mountain t1 green 8 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 blue
scorekeeper eh reveal preserve 2 green
scorekeeper eh reveal preserve 3 green
scorekeeper eh reveal garrison blue 6 3blue+2ranger senses
scorekeeper eh raidcard 1 G green
scorekeeper eh raidcard 2 G preserve
scorekeeper eh swap G S 2 -p Helga
scorekeeper eh place guild 5 2G2S -p Helga -c
scorekeeper eh aide leader -p Astrid
scorekeeper eh place tavern 5 1G3S -p Brandon -c
scorekeeper eh aide defender -p Helga --raid 2
scorekeeper eh aide healer -p Astrid
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh claim caretaker
scorekeeper eh attach M2 caretaker -p Helga
scorekeeper eh claim T10
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh reveal guild 1 squire
scorekeeper eh reveal guild 2 quartermaster
scorekeeper eh reveal guild 3 wrangler
scorekeeper eh reveal tavern 1 2G1S --flame 1
scorekeeper eh reveal tavern 2 2G1W --flame 0
scorekeeper eh reveal tavern 3 1G1R --flame 0
scorekeeper eh reveal camp 1 red 1
scorekeeper eh reveal camp 2 blue 4
scorekeeper eh reveal camp 3 red 2
scorekeeper eh reveal mountain b1 red 3
scorekeeper eh reveal mountain b2 green 2
scorekeeper eh reveal mountain b3 red 3 --flame 1
scorekeeper eh reveal mountain m1 red 4
scorekeeper eh reveal mountain m2 blue 6 --flame 1
scorekeeper eh reveal mountain t1 blue 7 --flame 1
scorekeeper eh reveal preserve 1 red
scorekeeper eh reveal preserve 2 red
scorekeeper eh reveal preserve 3 green
scorekeeper eh raidcard 1 G green
scorekeeper eh raidcard 2 E preserve
scorekeeper eh place garrison 4 2R -p Astrid -c
scorekeeper eh place camp 5 4S -p Brandon -c
scorekeeper eh special firestation -p Helga
scorekeeper eh special firestation -p Astrid
scorekeeper eh place tavern 2 2G -p Brandon
scorekeeper eh place tavern 5 2G2S -p Helga -c
scorekeeper eh swap G R 2 -p Astrid
scorekeeper eh place preserve 5 2G3R -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh place preserve 2 2G -p Helga
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh place preserve 4 3G1R -p Brandon
scorekeeper eh place guild 1 1G -p Helga
scorekeeper eh special firestation -p Astrid
scorekeeper eh place preserve 1 1G -p Brandon
scorekeeper eh aide healer -p Helga
scorekeeper eh swap G R 1 -p Astrid
scorekeeper eh aide leader -p Astrid
scorekeeper eh aide defender -p Brandon --raid 1
scorekeeper eh special warehouse -p Helga
scorekeeper eh claim quartermaster
scorekeeper eh claim T15
scorekeeper eh claim T14
scorekeeper eh claim C14
scorekeeper eh claim P13
scorekeeper eh attach C9 P13 -p Astrid
scorekeeper eh claim P14
scorekeeper eh claim P15
scorekeeper eh attach M13 P15 -p Helga
scorekeeper eh recall
scorekeeper eh claim blue6
scorekeeper eh raid -p Astrid --discard 4R
scorekeeper eh raid -p Brandon --discard 2S
scorekeeper eh raid -p Helga --discard 2S
scorekeeper eh convert 3 -p Brandon
scorekeeper eh convert 3 -p Helga
scorekeeper eh convert 2 -p Helga --force
scorekeeper eh extra -p Brandon --force
