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
scorekeeper note 'Brandon says space 4 takes 4 Hirelings; we let it stand'
scorekeeper eh swap G W -p Brandon
scorekeeper eh place tavern 1 1W -p Brandon --force
scorekeeper note 'Astrid takes the Healer before Helga has played'
scorekeeper eh aide healer -p Astrid --force
scorekeeper eh place camp 5 4G -p Brandon -c
scorekeeper eh swap G W 1 -p Helga
scorekeeper eh place mountain 5 3G1W -p Helga -c
scorekeeper eh place tavern 5 4G -p Astrid -c
scorekeeper eh place garrison 5 5G -p Brandon
scorekeeper eh place mountain 4 4G -p Helga
scorekeeper eh place garrison 3 3G -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special warehouse -p Astrid
scorekeeper eh place garrison 4 4G -p Brandon
scorekeeper eh place guild 4 4G -p Helga
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh aide leader -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide defender -p Brandon --raid 1
scorekeeper eh claim dragonspeaker
scorekeeper eh claim T2
scorekeeper eh claim T3
scorekeeper eh claim T1
scorekeeper eh claim C2
scorekeeper eh claim M2
scorekeeper eh attach M2 dragonspeaker -p Helga
scorekeeper eh claim M3
scorekeeper eh recall
scorekeeper eh claim green3
scorekeeper eh claim red3
scorekeeper eh complete red3 -p Brandon
scorekeeper eh claim blue3
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh reveal guild 1 tactician
scorekeeper eh reveal guild 2 outfitter
scorekeeper eh reveal guild 3 paragon
scorekeeper eh reveal tavern 1 2G1W --flame 0
scorekeeper eh reveal tavern 2 1G1S1R --flame 0
scorekeeper eh reveal tavern 3 2G1W --flame -1
scorekeeper eh reveal camp 1 green 2
scorekeeper eh reveal camp 2 red 2
scorekeeper eh reveal camp 3 red 2
scorekeeper eh reveal mountain b1 blue 2 --flame 1
scorekeeper eh reveal mountain b2 green 4
scorekeeper eh reveal mountain b3 red 3
scorekeeper eh reveal mountain m1 red 5 --flame 1
scorekeeper eh reveal mountain m2 red 5 --flame 2
scorekeeper eh reveal mountain t1 green 9 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison red 4 2red strength
scorekeeper eh reveal garrison blue 4 2blue senses
scorekeeper eh reveal garrison green 4 2green strength
scorekeeper eh raidcard 1 G scout
scorekeeper eh raidcard 2 E green
scorekeeper eh place mountain 2 1W -p Brandon -c
scorekeeper eh place guild 4 3G -p Helga -c
scorekeeper eh swap G W 2 -p Astrid
scorekeeper eh place tavern 4 1G2S -p Astrid -c
scorekeeper eh special firestation -p Brandon
scorekeeper eh aide defender -p Helga --raid 1
scorekeeper eh aide leader -p Astrid
scorekeeper eh place camp 5 4G1S -p Brandon
scorekeeper eh aide healer -p Helga
scorekeeper eh place mountain 3 3W -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh aide survivalist -p Helga
scorekeeper eh place garrison 1 1R -p Astrid
scorekeeper eh claim tactician
scorekeeper eh claim T6
scorekeeper eh claim C6
scorekeeper eh claim M8
scorekeeper eh claim M9
scorekeeper eh claim M10
scorekeeper eh claim M11
scorekeeper eh recall
scorekeeper eh claim blue4
scorekeeper eh raid -p Astrid --discard 1W
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh reveal guild 1 master-scout
scorekeeper eh reveal guild 2 fire-marshall
scorekeeper eh reveal guild 3 messenger
scorekeeper eh reveal tavern 1 4G --flame 0
scorekeeper eh reveal tavern 2 2G1S --flame -1
scorekeeper eh reveal tavern 3 3G --flame 0
scorekeeper eh reveal camp 1 green 2
scorekeeper eh reveal camp 2 exotic 2
scorekeeper eh reveal camp 3 exotic 1
scorekeeper eh reveal mountain b1 red 2 --flame 1
scorekeeper eh reveal mountain b2 green 4 --wardens 1
scorekeeper eh reveal mountain b3 green 3
scorekeeper eh reveal mountain m1 green 5
scorekeeper eh reveal mountain m2 blue 4
scorekeeper eh reveal mountain t1 green 8 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 red
scorekeeper eh reveal preserve 2 green
scorekeeper eh reveal preserve 3 green
scorekeeper eh reveal garrison blue 5 2blue+1hero speed
scorekeeper eh raidcard 1 E hero
scorekeeper eh raidcard 2 G green
scorekeeper eh place tavern 5 2G2S -p Astrid -c
scorekeeper eh place garrison 4 2G1R -p Brandon -c
scorekeeper eh swap G S 1 -p Helga
scorekeeper eh aide healer -p Helga
scorekeeper eh aide leader -p Astrid
scorekeeper eh place tavern 3 2G1S -p Brandon
scorekeeper eh place camp 3 1G1S -p Helga -c
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh special warehouse -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh place mountain 2 2W -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh aide defender -p Helga --raid 1
scorekeeper eh claim T9
scorekeeper eh claim T8
scorekeeper eh claim C7 --dragonspeaker
scorekeeper eh attach C7 tactician -p Helga
scorekeeper eh claim M14
scorekeeper eh claim M16
scorekeeper eh claim blue5
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh reveal guild 1 dragon-knight
scorekeeper eh reveal guild 2 peakwalker
scorekeeper eh reveal guild 3 priestess
scorekeeper eh reveal tavern 1 1S1R --flame 0
scorekeeper eh reveal tavern 2 2G1S --flame 0
scorekeeper eh reveal tavern 3 1S1W --flame -1
scorekeeper eh reveal camp 1 blue 2
scorekeeper eh reveal camp 2 blue 3
scorekeeper eh reveal camp 3 red 4
scorekeeper eh reveal mountain b1 blue 2 --flame 2
scorekeeper eh reveal mountain b2 blue 4
scorekeeper eh reveal mountain b3 blue 3 --flame 1 --wardens 1
scorekeeper eh reveal mountain m1 green 6 --wardens 1
scorekeeper eh reveal mountain m2 red 4 --flame 1 --wardens 1
scorekeeper eh reveal mountain t1 green 8 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 red
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 green
scorekeeper eh reveal garrison blue 6 3blue+2ranger speed
scorekeeper eh raidcard 1 G preserve
scorekeeper eh raidcard 2 G red
scorekeeper eh place guild 3 2S -p Astrid -c
scorekeeper eh place mountain 5 4G -p Brandon -c
scorekeeper eh place guild 5 3G1S -p Helga -c
scorekeeper eh aide healer -p Astrid
scorekeeper eh place camp 4 2G2S -p Brandon
scorekeeper eh special warehouse -p Helga
scorekeeper eh aide leader -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special firestation -p Astrid
scorekeeper eh swap G W 2 -p Brandon
scorekeeper eh place mountain 4 2G2W -p Brandon
scorekeeper eh place garrison 4 4G -p Helga
scorekeeper eh swap G W 2 -p Astrid
scorekeeper eh place mountain 3 1G2W -p Astrid
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh special warehouse -p Helga
scorekeeper eh aide defender -p Astrid --raid 2
scorekeeper eh place garrison 1 1R -p Brandon
scorekeeper eh claim dragon-knight
scorekeeper eh claim priestess
scorekeeper eh attach M8 priestess -p Astrid
scorekeeper eh claim C12
scorekeeper eh claim M20
scorekeeper eh claim M21
scorekeeper eh claim M19
scorekeeper eh complete blue3 -p Astrid
scorekeeper eh claim M22
scorekeeper eh claim M23
scorekeeper eh claim blue6
scorekeeper eh claim red4
scorekeeper eh complete red4 -p Brandon
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh hero priestess -p Astrid
scorekeeper eh reveal guild 1 apprentice
scorekeeper eh reveal guild 2 infiltrator
scorekeeper eh reveal guild 3 bard
scorekeeper eh reveal tavern 1 2G1S --flame 0
scorekeeper eh reveal tavern 2 2G1W --flame -1
scorekeeper eh reveal tavern 3 1S1W --flame 0
scorekeeper eh reveal camp 1 green 4
scorekeeper eh reveal camp 2 blue 1
scorekeeper eh reveal camp 3 green 1
scorekeeper eh reveal mountain b1 green 3 --wardens 1
scorekeeper eh reveal mountain b2 red 4 --wardens 1
scorekeeper eh reveal mountain b3 blue 3 --flame 1
scorekeeper eh reveal mountain m1 blue 5 --flame 1
scorekeeper eh reveal mountain m2 red 5
scorekeeper eh reveal mountain t1 red 9 --flame 1
scorekeeper eh reveal preserve 1 blue
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 blue
scorekeeper eh reveal garrison red 5 2red+1hero senses
scorekeeper eh reveal garrison blue 7 4blue speed
scorekeeper eh raidcard 1 G ranger
scorekeeper eh raidcard 2 E garrison
scorekeeper eh place camp 4 1G2S -p Astrid -c
scorekeeper eh place tavern 3 2S -p Brandon -c
scorekeeper eh special firestation -p Helga
scorekeeper eh special firestation -p Astrid
scorekeeper eh place garrison 1 1R -p Brandon
scorekeeper eh place camp 5 3G1S -p Helga -c
scorekeeper eh place garrison 5 4G1R -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh place camp 1 1G -p Helga
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh aide defender -p Astrid --raid 2
scorekeeper eh place preserve 4 4G -p Brandon
scorekeeper eh swap G S 2 -p Helga
scorekeeper eh aide healer -p Helga
scorekeeper eh aide leader -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh place guild 3 1G2S -p Helga
scorekeeper eh claim bard
scorekeeper eh attach M3 bard -p Helga
scorekeeper eh claim T13
scorekeeper eh claim C13 --dragonspeaker
scorekeeper eh claim C15
scorekeeper eh claim C14
scorekeeper eh attach C14 dragon-knight -p Helga
scorekeeper eh claim P15
scorekeeper eh attach M20 P15 -p Brandon
scorekeeper eh claim blue7
scorekeeper eh claim red5
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh hero priestess -p Astrid
scorekeeper eh convert 3 -p Brandon
scorekeeper eh convert 2 -p Helga --force
scorekeeper eh extra -p Brandon --force
