#!/bin/sh
# Emberheart sample 'two-players-side-b', recorded by tools/emberheart/make.py (seed 23).
set -e
export SCOREKEEPER_SESSION="${SCOREKEEPER_SESSION:-two-players-side-b.json}"
scorekeeper new emberheart --players Astrid,Brandon --session $SCOREKEEPER_SESSION --set side=B --set skills=3,4 --set start_tracks=senses,speed --set first_player=Brandon
scorekeeper set 'flame_glory={"1": 1, "2": 2, "4": 5, "5": 6, "7": 10, "8": 12, "9": 14, "10": 16, "11": 18, "12": 20, "13": 22, "14": 24, "15": 26, "16": 28, "17": 30, "18": 32, "19": 34, "20": 36, "21": 38, "22": 40, "23": 42, "24": 44, "25": 46, "26": 48, "27": 50, "28": 52, "29": 54, "30": 56}'
scorekeeper eh reveal guild 1 priestess
scorekeeper eh reveal guild 2 blazebinder
scorekeeper eh reveal guild 3 fire-sage
scorekeeper eh reveal tavern 1 1S1R --flame -1
scorekeeper eh reveal tavern 2 1S1W --flame -1
scorekeeper eh reveal tavern 3 1S1R --flame 0
scorekeeper eh reveal camp 1 blue 2
scorekeeper eh reveal camp 2 green 2
scorekeeper eh reveal camp 3 blue 2
scorekeeper eh reveal mountain b1 green 3 --flame 1
scorekeeper eh reveal mountain b2 blue 3 --flame 2
scorekeeper eh reveal mountain b3 blue 3
scorekeeper eh reveal mountain m1 green 5
scorekeeper eh reveal mountain m2 red 4 --flame 2 --wardens 1
scorekeeper eh reveal mountain t1 blue 9 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison red 3 1red senses
scorekeeper eh reveal garrison blue 3 1blue senses
scorekeeper eh reveal garrison green 3 1green speed
scorekeeper eh raidcard 1 G ranger
scorekeeper eh raidcard 2 E red
scorekeeper eh block tavern:4 guild:5 guild:4
scorekeeper eh aide healer -p Brandon
scorekeeper eh swap G W 1 -p Astrid
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh swap G R 1 -p Brandon
scorekeeper eh aide leader -p Brandon
scorekeeper eh swap G R 1 -p Astrid
scorekeeper eh place preserve 5 4G1R -p Astrid -c
scorekeeper eh place tavern 5 5G -p Brandon -c
scorekeeper eh place preserve 4 4G -p Astrid
scorekeeper eh place mountain 4 4G -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh place preserve 1 1R -p Brandon
scorekeeper eh aide defender -p Astrid --raid 1
scorekeeper eh np
scorekeeper eh np
scorekeeper eh claim T3
scorekeeper eh np
scorekeeper eh claim M3
scorekeeper eh claim P1
scorekeeper eh claim P2
scorekeeper eh claim P3
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh reveal guild 1 merchant
scorekeeper eh reveal guild 2 caretaker
scorekeeper eh reveal guild 3 tavernkeeper
scorekeeper eh reveal tavern 1 1S1W --flame 0
scorekeeper eh reveal tavern 2 1S1R --flame 1
scorekeeper eh reveal tavern 3 1G1S1R --flame 0
scorekeeper eh reveal camp 1 blue 4
scorekeeper eh reveal camp 2 blue 2
scorekeeper eh reveal camp 3 green 1
scorekeeper eh reveal mountain b1 green 2
scorekeeper eh reveal mountain b2 red 2 --flame 1
scorekeeper eh reveal mountain b3 red 4 --wardens 1
scorekeeper eh reveal mountain m1 blue 5
scorekeeper eh reveal mountain m2 green 5 --flame 1 --wardens 1
scorekeeper eh reveal mountain t1 blue 8 --flame 1
scorekeeper eh reveal preserve 1 red
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 green
scorekeeper eh raidcard 1 E scout
scorekeeper eh raidcard 2 G hero
scorekeeper eh block tavern:1 mountain:4 garrison:4
scorekeeper eh place garrison 2 2R -p Brandon -c
scorekeeper eh place mountain 5 4G1W -p Astrid -c
scorekeeper eh place camp 1 1S -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh place guild 4 4G -p Astrid
scorekeeper eh place camp 3 3G -p Brandon
scorekeeper eh place preserve 1 1R -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh aide leader -p Astrid
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh swap G W 1 -p Brandon
scorekeeper eh aide healer -p Brandon
scorekeeper eh aide defender -p Astrid --raid 1
scorekeeper eh claim merchant
scorekeeper eh np
scorekeeper eh claim C4
scorekeeper eh claim C5
scorekeeper eh claim M9
scorekeeper eh np
scorekeeper eh claim P4
scorekeeper eh attach M9 P4 -p Astrid
scorekeeper eh np
scorekeeper eh claim blue3
scorekeeper eh complete blue3 -p Brandon
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh reveal guild 1 messenger
scorekeeper eh reveal guild 2 bard
scorekeeper eh reveal guild 3 dragonspeaker
scorekeeper eh reveal tavern 1 4G --flame 0
scorekeeper eh reveal tavern 2 1S1W --flame 0
scorekeeper eh reveal tavern 3 1G1R --flame 1
scorekeeper eh reveal camp 1 red 4
scorekeeper eh reveal camp 2 exotic 4
scorekeeper eh reveal camp 3 blue 3
scorekeeper eh reveal mountain b1 red 3 --flame 2
scorekeeper eh reveal mountain b2 blue 2
scorekeeper eh reveal mountain b3 green 4 --flame 1 --wardens 1
scorekeeper eh reveal mountain m1 red 5
scorekeeper eh reveal mountain m2 blue 4
scorekeeper eh reveal mountain t1 green 8 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 red
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison red 4 2red strength
scorekeeper eh reveal garrison blue 4 2blue strength
scorekeeper eh raidcard 1 E hero
scorekeeper eh raidcard 2 G green
scorekeeper eh block guild:3 tavern:3 mountain:3
scorekeeper eh aide healer -p Astrid
scorekeeper eh place preserve 5 3G2R -p Brandon -c
scorekeeper eh place garrison 5 3G1R -p Astrid -c
scorekeeper eh place tavern 2 1G1S -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide leader -p Brandon
scorekeeper eh place preserve 4 4G -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh place tavern 4 4G -p Brandon
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh aide defender -p Astrid --raid 1
scorekeeper eh np
scorekeeper eh claim T8
scorekeeper eh np
scorekeeper eh claim T9
scorekeeper eh np
scorekeeper eh claim P7
scorekeeper eh claim P8
scorekeeper eh claim red4
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh reveal guild 1 custodian
scorekeeper eh reveal guild 2 dragon-knight
scorekeeper eh reveal guild 3 quartermaster
scorekeeper eh reveal tavern 1 1G1S1R --flame -1
scorekeeper eh reveal tavern 2 4G --flame 0
scorekeeper eh reveal tavern 3 3G --flame 0
scorekeeper eh reveal camp 1 blue 1
scorekeeper eh reveal camp 2 green 1
scorekeeper eh reveal camp 3 red 1
scorekeeper eh reveal mountain b1 green 2
scorekeeper eh reveal mountain b2 blue 3
scorekeeper eh reveal mountain b3 blue 4
scorekeeper eh reveal mountain m1 green 4 --wardens 1
scorekeeper eh reveal mountain m2 blue 4
scorekeeper eh reveal mountain t1 green 8 --flame 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison red 5 2red+1hero senses
scorekeeper eh raidcard 1 G garrison
scorekeeper eh raidcard 2 E blue
scorekeeper eh block mountain:5 guild:5 tavern:4
scorekeeper eh place garrison 5 2G3R -p Brandon -c
scorekeeper eh swap G S 1 -p Astrid
scorekeeper eh aide defender -p Astrid --raid 2
scorekeeper eh place tavern 5 3G2S -p Brandon
scorekeeper eh place camp 5 3G1S -p Astrid -c
scorekeeper eh place mountain 2 2W -p Brandon
scorekeeper eh place preserve 1 1R -p Astrid
scorekeeper eh special warehouse -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh place mountain 3 3G -p Astrid
scorekeeper eh swap G R 2 -p Brandon
scorekeeper eh aide healer -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide leader -p Brandon
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh np
scorekeeper eh claim T11
scorekeeper eh np
scorekeeper eh claim C12
scorekeeper eh attach C12 P8 -p Astrid
scorekeeper eh extra -p Astrid
scorekeeper eh complete red4 -p Astrid
scorekeeper eh np
scorekeeper eh claim M21
scorekeeper eh attach M21 P2 -p Astrid
scorekeeper eh claim M20
scorekeeper eh claim M23
scorekeeper eh claim M24 --track speed
scorekeeper eh attach M24 P7 -p Brandon --skill4 R
scorekeeper eh claim P10
scorekeeper eh claim red5
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh reveal guild 1 fire-marshall
scorekeeper eh reveal guild 2 squire
scorekeeper eh reveal guild 3 tactician
scorekeeper eh reveal tavern 1 1S1W --flame 0
scorekeeper eh reveal tavern 2 3G --flame -1
scorekeeper eh reveal tavern 3 1G1R --flame 1
scorekeeper eh reveal camp 1 red 4
scorekeeper eh reveal camp 2 red 4
scorekeeper eh reveal camp 3 blue 2
scorekeeper eh reveal mountain b1 blue 3
scorekeeper eh reveal mountain b2 red 3 --wardens 1
scorekeeper eh reveal mountain b3 blue 2
scorekeeper eh reveal mountain m1 green 4 --flame 1 --wardens 1
scorekeeper eh reveal mountain m2 blue 5 --flame 1
scorekeeper eh reveal mountain t1 blue 9 --flame 1
scorekeeper eh reveal preserve 1 blue
scorekeeper eh reveal preserve 2 red
scorekeeper eh reveal preserve 3 green
scorekeeper eh reveal garrison red 6 3red+2ranger speed
scorekeeper eh raidcard 1 E red
scorekeeper eh raidcard 2 G green
scorekeeper eh block camp:4 tavern:5 camp:5
scorekeeper eh place preserve 4 4R -p Brandon -c
scorekeeper eh place tavern 4 1S -p Astrid -c
scorekeeper eh place garrison 5 3G2R -p Brandon
scorekeeper eh place preserve 5 4G1R -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh place guild 5 3G2S -p Brandon
scorekeeper eh place preserve 3 3G -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide leader -p Brandon
scorekeeper eh aide defender -p Astrid --raid 1
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh aide healer -p Astrid
scorekeeper eh claim fire-marshall
scorekeeper eh attach M3 fire-marshall -p Brandon --skill4 R
scorekeeper eh np
scorekeeper eh claim T14
scorekeeper eh np
scorekeeper eh np
scorekeeper eh claim P14
scorekeeper eh claim P13
scorekeeper eh attach C4 P13 -p Brandon --skill4 G
scorekeeper eh claim P15
scorekeeper eh claim red6
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
