#!/bin/sh
# Emberheart sample 'four-players', recorded by tools/emberheart/make.py (seed 11).
set -e
export SCOREKEEPER_SESSION="${SCOREKEEPER_SESSION:-four-players.json}"
scorekeeper new emberheart --players Astrid,Brandon,Helga,Sigrun --session $SCOREKEEPER_SESSION
scorekeeper set 'flame_glory={"1": 1, "2": 2, "4": 5, "5": 6, "7": 10, "8": 12, "9": 14, "10": 16, "11": 18, "12": 20, "13": 22, "14": 24, "15": 26, "16": 28, "17": 30, "18": 32, "19": 34, "20": 36, "21": 38, "22": 40, "23": 42, "24": 44, "25": 46, "26": 48, "27": 50, "28": 52, "29": 54, "30": 56}'
scorekeeper eh reveal guild 1 mentor
scorekeeper eh reveal guild 2 quartermaster
scorekeeper eh reveal guild 3 priestess
scorekeeper eh reveal tavern 1 2G1S --flame -1
scorekeeper eh reveal tavern 2 3G --flame 0
scorekeeper eh reveal tavern 3 1S1W --flame -1
scorekeeper eh reveal camp 1 exotic 3
scorekeeper eh reveal camp 2 green 3
scorekeeper eh reveal camp 3 blue 2
scorekeeper eh reveal mountain b1 green 3 --flame 1
scorekeeper eh reveal mountain b2 green 2 --flame 2
scorekeeper eh reveal mountain b3 blue 2 --flame 1
scorekeeper eh reveal mountain m1 red 6 --flame 1 --wardens 1
scorekeeper eh reveal mountain m2 green 4 --flame 2 --wardens 1
scorekeeper eh reveal mountain t1 blue 8 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 red
scorekeeper eh reveal preserve 2 green
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison red 3 1red strength
scorekeeper eh reveal garrison blue 3 1blue strength
scorekeeper eh reveal garrison green 3 1green strength
scorekeeper eh raidcard 1 G scout
scorekeeper eh raidcard 2 E scout
scorekeeper eh swap G W 1 -p Astrid
scorekeeper eh place garrison 5 4G -p Astrid -c
scorekeeper eh swap G S 1 -p Brandon
scorekeeper eh place tavern 5 3G1S -p Brandon -c
scorekeeper eh swap G R 1 -p Helga
scorekeeper eh place preserve 5 3G1R -p Helga -c
scorekeeper eh swap G R 1 -p Sigrun
scorekeeper eh aide healer -p Sigrun
scorekeeper eh place guild 5 5G -p Astrid
scorekeeper eh place mountain 5 5G -p Brandon
scorekeeper eh place camp 5 5G -p Helga
scorekeeper eh place mountain 4 3G -p Sigrun -c
scorekeeper eh place mountain 1 1W -p Astrid
scorekeeper eh place garrison 1 1G -p Brandon
scorekeeper eh place guild 1 1G -p Helga
scorekeeper eh place garrison 4 3G1R -p Sigrun
scorekeeper eh special warehouse -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special warehouse -p Helga
scorekeeper eh place camp 3 3G -p Sigrun
scorekeeper eh aide leader -p Astrid
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special firestation -p Sigrun
scorekeeper eh special firestation -p Astrid
scorekeeper eh swap G W 1 -p Brandon
scorekeeper eh aide defender -p Brandon --raid 2
scorekeeper eh place guild 4 4G -p Sigrun
scorekeeper eh claim quartermaster
scorekeeper eh claim mentor
scorekeeper eh claim priestess
scorekeeper eh claim T3
scorekeeper eh claim C1
scorekeeper eh attach C1 priestess -p Helga
scorekeeper eh claim C2
scorekeeper eh claim M1
scorekeeper eh claim M3
scorekeeper eh attach M3 mentor -p Sigrun
scorekeeper eh claim M2
scorekeeper eh claim M4
scorekeeper eh claim P2
scorekeeper eh claim green3
scorekeeper eh complete green3 -p Astrid
scorekeeper eh claim red3
scorekeeper eh claim blue3
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh raid -p Sigrun
scorekeeper eh hero priestess -p Helga
scorekeeper eh reveal guild 1 merchant
scorekeeper eh reveal guild 2 apprentice
scorekeeper eh reveal guild 3 dragon-trainer
scorekeeper eh reveal tavern 1 1G1S1R --flame 0
scorekeeper eh reveal tavern 2 1G1S1R --flame 1
scorekeeper eh reveal tavern 3 1S1R --flame -1
scorekeeper eh reveal camp 1 red 2
scorekeeper eh reveal camp 2 red 1
scorekeeper eh reveal camp 3 blue 2
scorekeeper eh reveal mountain b1 blue 3
scorekeeper eh reveal mountain b2 red 2 --flame 2
scorekeeper eh reveal mountain b3 blue 3 --flame 2
scorekeeper eh reveal mountain m1 red 5
scorekeeper eh reveal mountain m2 red 5
scorekeeper eh reveal mountain t1 green 8 --flame 1
scorekeeper eh reveal preserve 1 red
scorekeeper eh reveal preserve 2 red
scorekeeper eh reveal preserve 3 green
scorekeeper eh reveal garrison red 4 2red strength
scorekeeper eh reveal garrison blue 4 2blue strength
scorekeeper eh reveal garrison green 4 2green strength
scorekeeper eh raidcard 1 G garrison
scorekeeper eh raidcard 2 G green
scorekeeper eh swap G W 2 -p Astrid
scorekeeper eh place mountain 5 2G2W -p Astrid -c
scorekeeper eh place camp 4 1G2S -p Brandon -c
scorekeeper eh swap G R 2 -p Helga
scorekeeper eh place garrison 5 1G3R -p Helga -c
scorekeeper eh place garrison 2 1R -p Sigrun -c
scorekeeper eh special warehouse -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special firestation -p Sigrun
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh place camp 5 5G -p Helga
scorekeeper eh place tavern 4 4G -p Sigrun
scorekeeper eh swap G R 2 -p Astrid
scorekeeper eh place garrison 4 2G2R -p Astrid
scorekeeper eh swap G R 1 -p Brandon
scorekeeper eh place mountain 4 2G2W -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special firestation -p Sigrun
scorekeeper eh special firestation -p Astrid
scorekeeper eh place preserve 2 1G1R -p Brandon
scorekeeper eh place mountain 3 3G -p Helga
scorekeeper eh aide defender -p Sigrun --raid 1
scorekeeper eh aide leader -p Astrid
scorekeeper eh aide healer -p Brandon
scorekeeper eh place tavern 3 3G -p Sigrun
scorekeeper eh claim T5
scorekeeper eh claim T6
scorekeeper eh claim C4
scorekeeper eh claim C6
scorekeeper eh complete blue3 -p Brandon
scorekeeper eh claim M9
scorekeeper eh attach M9 quartermaster -p Astrid
scorekeeper eh claim M7
scorekeeper eh claim M8
scorekeeper eh order 5 4 -p Brandon
scorekeeper eh claim M10
scorekeeper eh claim M11
scorekeeper eh order 5 4 -p Brandon
scorekeeper eh claim M12 --track senses
scorekeeper eh recall
scorekeeper eh claim P4
scorekeeper eh attach M11 P4 -p Brandon
scorekeeper eh claim blue4
scorekeeper eh claim red4
scorekeeper eh complete red4 -p Astrid
scorekeeper eh claim green4
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh raid -p Sigrun
scorekeeper eh hero priestess -p Helga
scorekeeper eh reveal guild 1 bard
scorekeeper eh reveal guild 2 dragon-knight
scorekeeper eh reveal guild 3 outfitter
scorekeeper eh reveal tavern 1 1S1R --flame 0
scorekeeper eh reveal tavern 2 1G1S1R --flame 0
scorekeeper eh reveal tavern 3 1S1W --flame 0
scorekeeper eh reveal camp 1 red 2
scorekeeper eh reveal camp 2 red 2
scorekeeper eh reveal camp 3 green 2
scorekeeper eh reveal mountain b1 green 2 --flame 1
scorekeeper eh reveal mountain b2 red 4 --flame 1
scorekeeper eh reveal mountain b3 green 3
scorekeeper eh reveal mountain m1 red 5
scorekeeper eh reveal mountain m2 blue 4 --flame 2
scorekeeper eh reveal mountain t1 green 8 --flame 1
scorekeeper eh reveal preserve 1 blue
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison red 5 2red+1hero strength
scorekeeper eh reveal garrison blue 5 2blue+1hero strength
scorekeeper eh reveal garrison green 5 2green+1hero senses
scorekeeper eh raidcard 1 G green
scorekeeper eh raidcard 2 E blue
scorekeeper eh place garrison 5 1G2R -p Astrid -c
scorekeeper eh place camp 4 2S -p Brandon -c
scorekeeper eh place preserve 4 3R -p Helga -c
scorekeeper eh place guild 4 1G2S -p Sigrun -c
scorekeeper eh place preserve 1 1G -p Astrid
scorekeeper eh place mountain 1 1W -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh place preserve 2 2R -p Sigrun
scorekeeper eh special warehouse -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh aide survivalist -p Helga
scorekeeper eh aide healer -p Sigrun
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide defender -p Brandon --raid 2
scorekeeper eh place tavern 4 4G -p Helga
scorekeeper eh place garrison 1 1R -p Sigrun
scorekeeper eh aide leader -p Astrid
scorekeeper eh place preserve 5 4G1R -p Brandon
scorekeeper eh special warehouse -p Helga
scorekeeper eh special firestation -p Sigrun
scorekeeper eh claim bard
scorekeeper eh claim T8
scorekeeper eh claim C9
scorekeeper eh claim M14
scorekeeper eh recall
scorekeeper eh claim P9
scorekeeper eh attach M14 P9 -p Brandon
scorekeeper eh claim P7
scorekeeper eh claim P8
scorekeeper eh recall
scorekeeper eh claim red5
scorekeeper eh complete red5 -p Astrid
scorekeeper eh claim green5
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh raid -p Sigrun
scorekeeper eh hero priestess -p Helga
scorekeeper eh reveal guild 1 infiltrator
scorekeeper eh reveal guild 2 caretaker
scorekeeper eh reveal guild 3 squire
scorekeeper eh reveal tavern 1 4G --flame 0
scorekeeper eh reveal tavern 2 1G1S1R --flame 0
scorekeeper eh reveal tavern 3 2G1S --flame -1
scorekeeper eh reveal camp 1 green 4
scorekeeper eh reveal camp 2 green 3
scorekeeper eh reveal camp 3 blue 3
scorekeeper eh reveal mountain b1 green 2 --flame 1 --wardens 1
scorekeeper eh reveal mountain b2 blue 2 --flame 2 --wardens 1
scorekeeper eh reveal mountain b3 blue 4
scorekeeper eh reveal mountain m1 green 4 --flame 2
scorekeeper eh reveal mountain m2 blue 5 --flame 1 --wardens 1
scorekeeper eh reveal mountain t1 blue 9 --flame 1
scorekeeper eh reveal preserve 1 blue
scorekeeper eh reveal preserve 2 green
scorekeeper eh reveal preserve 3 green
scorekeeper eh reveal garrison red 6 3red+2ranger strength
scorekeeper eh reveal garrison green 6 3green+2ranger speed
scorekeeper eh raidcard 1 E red
scorekeeper eh raidcard 2 G scout
scorekeeper eh swap G W 2 -p Astrid
scorekeeper eh place mountain 5 1G2W -p Astrid -c
scorekeeper eh place camp 4 1S -p Brandon -c
scorekeeper eh place preserve 4 3R -p Helga -c
scorekeeper eh place tavern 5 2G2S -p Sigrun -c
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide leader -p Brandon
scorekeeper eh place tavern 1 1S -p Helga
scorekeeper eh place garrison 3 3R -p Sigrun
scorekeeper eh swap G S 2 -p Astrid
scorekeeper eh place garrison 4 2G2R -p Astrid
scorekeeper eh place mountain 1 1W -p Brandon
scorekeeper eh place garrison 1 1R -p Helga
scorekeeper eh aide healer -p Sigrun
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh place camp 1 1S -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh aide defender -p Sigrun --raid 2
scorekeeper eh claim T10
scorekeeper eh claim T12
scorekeeper eh claim C10
scorekeeper eh claim C11
scorekeeper eh claim M21
scorekeeper eh claim M19
scorekeeper eh claim M23
scorekeeper eh claim P11
scorekeeper eh claim red6
scorekeeper eh claim green6
scorekeeper eh claim blue5
scorekeeper eh raid -p Astrid --discard 1S1R
scorekeeper eh raid -p Brandon --discard 2S
scorekeeper eh raid -p Helga --discard 2R
scorekeeper eh raid -p Sigrun
scorekeeper eh hero priestess -p Helga
scorekeeper eh reveal guild 1 master-ranger
scorekeeper eh reveal guild 2 master-scout
scorekeeper eh reveal guild 3 peakwalker
scorekeeper eh reveal tavern 1 3G --flame 0
scorekeeper eh reveal tavern 2 2G1S --flame 0
scorekeeper eh reveal tavern 3 4G --flame 0
scorekeeper eh reveal camp 1 red 2
scorekeeper eh reveal camp 2 green 2
scorekeeper eh reveal camp 3 green 3
scorekeeper eh reveal mountain b1 red 3 --flame 1 --wardens 1
scorekeeper eh reveal mountain b2 blue 3 --flame 1
scorekeeper eh reveal mountain b3 red 4 --wardens 1
scorekeeper eh reveal mountain m1 red 5 --flame 2
scorekeeper eh reveal mountain m2 blue 4
scorekeeper eh reveal mountain t1 green 8 --flame 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 green
scorekeeper eh reveal garrison red 7 4red strength
scorekeeper eh reveal garrison blue 6 3blue+2ranger strength
scorekeeper eh reveal garrison green 7 4green senses
scorekeeper eh raidcard 1 G preserve
scorekeeper eh raidcard 2 G warden
scorekeeper eh special firestation -p Brandon
scorekeeper eh place tavern 5 2G2S -p Helga -c
scorekeeper eh place preserve 5 1G3R -p Sigrun -c
scorekeeper eh place camp 3 1S -p Astrid -c
scorekeeper eh place garrison 5 1G1R -p Brandon -c
scorekeeper eh swap G R 2 -p Helga
scorekeeper eh aide healer -p Helga
scorekeeper eh place camp 5 3G2S -p Sigrun
scorekeeper eh special firestation -p Astrid
scorekeeper eh place preserve 3 3G -p Brandon
scorekeeper eh place preserve 4 4R -p Helga
scorekeeper eh place preserve 1 1G -p Sigrun
scorekeeper eh place mountain 4 4G -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special firestation -p Sigrun
scorekeeper eh aide defender -p Astrid --raid 1
scorekeeper eh place garrison 4 4G -p Brandon
scorekeeper eh aide survivalist -p Helga
scorekeeper eh aide leader -p Sigrun
scorekeeper eh place garrison 1 1R -p Astrid
scorekeeper eh claim T15
scorekeeper eh claim C15
scorekeeper eh complete green4 -p Sigrun
scorekeeper eh complete green5 -p Sigrun
scorekeeper eh claim C13
scorekeeper eh claim M26
scorekeeper eh claim P13
scorekeeper eh attach C2 P13 -p Sigrun
scorekeeper eh claim P15
scorekeeper eh claim P14
scorekeeper eh attach C6 P14 -p Brandon
scorekeeper eh recall
scorekeeper eh claim green7
scorekeeper eh complete green7 -p Brandon
scorekeeper eh claim red7
scorekeeper eh claim blue6
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh raid -p Sigrun
scorekeeper eh hero priestess -p Helga
scorekeeper eh convert 6 -p Astrid
scorekeeper eh convert 3 -p Helga
scorekeeper eh convert 3 -p Sigrun
