#!/bin/sh
# Emberheart sample 'two-players-side-b', recorded by make_emberheart.py (seed 23).
set -e
export SCOREKEEPER_SESSION="${SCOREKEEPER_SESSION:-emberheart-two-players-side-b.json}"
scorekeeper new emberheart --players Astrid,Brandon --session "$SCOREKEEPER_SESSION" --set side=B --set skills=3,4 --set start_tracks=senses,speed --set first_player=Brandon
scorekeeper set 'flame_glory={"1": 1, "2": 2, "4": 5, "5": 6, "7": 10, "8": 12, "9": 14, "10": 16, "11": 18, "12": 20}'
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
scorekeeper eh place garrison 5 5G -p Brandon -c
scorekeeper eh place tavern 5 5G -p Astrid -c
scorekeeper eh place mountain 5 5G -p Brandon
scorekeeper eh aide leader -p Astrid
scorekeeper eh special warehouse -p Brandon
scorekeeper eh place garrison 4 4G -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh place camp 1 1G -p Astrid
scorekeeper eh swap G R 1 -p Brandon
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh special warehouse -p Astrid
scorekeeper eh aide defender -p Brandon --raid 1
scorekeeper eh special warehouse -p Astrid
scorekeeper eh swap G W 1 -p Brandon
scorekeeper eh aide healer -p Brandon
scorekeeper eh np
scorekeeper eh np
scorekeeper eh claim T1
scorekeeper eh np
scorekeeper eh claim C1
scorekeeper eh claim M1
scorekeeper eh claim red3
scorekeeper eh claim green3
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh reveal guild 1 peakwalker
scorekeeper eh reveal guild 2 paragon
scorekeeper eh reveal guild 3 caretaker
scorekeeper eh reveal tavern 1 2G1S --flame 0
scorekeeper eh reveal tavern 2 1G1R --flame -1
scorekeeper eh reveal tavern 3 1S1R --flame -1
scorekeeper eh reveal camp 1 exotic 1
scorekeeper eh reveal camp 2 red 1
scorekeeper eh reveal camp 3 blue 2
scorekeeper eh reveal mountain b1 blue 3 --flame 2
scorekeeper eh reveal mountain b2 green 3 --flame 1 --wardens 1
scorekeeper eh reveal mountain b3 blue 4
scorekeeper eh reveal mountain m1 green 5 --flame 2
scorekeeper eh reveal mountain m2 red 4 --wardens 1
scorekeeper eh reveal mountain t1 blue 9 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 green
scorekeeper eh reveal preserve 3 green
scorekeeper eh reveal garrison red 4 2red speed
scorekeeper eh reveal garrison green 4 2green senses
scorekeeper eh raidcard 1 G garrison
scorekeeper eh raidcard 2 G blue
scorekeeper eh block guild:5 mountain:2 tavern:4
scorekeeper eh place guild 1 1S -p Astrid -c
scorekeeper eh place garrison 3 2G1R -p Brandon -c
scorekeeper eh place preserve 1 1R -p Astrid
scorekeeper eh place mountain 1 1W -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh place camp 4 4G -p Astrid
scorekeeper eh swap G W 1 -p Brandon
scorekeeper eh place preserve 3 3G -p Brandon
scorekeeper eh aide leader -p Astrid
scorekeeper eh aide defender -p Brandon --raid 1
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh special warehouse -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide healer -p Brandon
scorekeeper eh np
scorekeeper eh claim caretaker
scorekeeper eh np
scorekeeper eh claim C6
scorekeeper eh np
scorekeeper eh claim M9
scorekeeper eh claim M10
scorekeeper eh claim P5
scorekeeper eh attach M1 P5 -p Brandon
scorekeeper eh claim P4
scorekeeper eh claim red4
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh reveal guild 1 dragonspeaker
scorekeeper eh reveal guild 2 wrangler
scorekeeper eh reveal guild 3 dragon-trainer
scorekeeper eh reveal tavern 1 3G --flame -1
scorekeeper eh reveal tavern 2 1S1R --flame 1
scorekeeper eh reveal tavern 3 4G --flame 1
scorekeeper eh reveal camp 1 blue 4
scorekeeper eh reveal camp 2 red 4
scorekeeper eh reveal camp 3 blue 2
scorekeeper eh reveal mountain b1 red 4
scorekeeper eh reveal mountain b2 blue 2 --flame 2 --wardens 1
scorekeeper eh reveal mountain b3 blue 2 --wardens 1
scorekeeper eh reveal mountain m1 red 6 --flame 2 --wardens 1
scorekeeper eh reveal mountain m2 green 6 --flame 1
scorekeeper eh reveal mountain t1 red 8 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 red
scorekeeper eh reveal preserve 2 green
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison red 5 2red+1hero senses
scorekeeper eh raidcard 1 E ranger
scorekeeper eh raidcard 2 G scout
scorekeeper eh block guild:1 guild:2 tavern:2
scorekeeper eh place tavern 3 2G1S -p Astrid -c
scorekeeper eh place mountain 1 1W -p Brandon -c
scorekeeper eh place preserve 1 1R -p Astrid
scorekeeper eh place garrison 1 1R -p Brandon
scorekeeper eh special warehouse -p Astrid
scorekeeper eh special warehouse -p Brandon
scorekeeper eh special warehouse -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh aide leader -p Astrid
scorekeeper eh swap G W 1 -p Brandon
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh aide healer -p Astrid
scorekeeper eh place mountain 4 3G1W -p Brandon
scorekeeper eh aide defender -p Astrid --raid 1
scorekeeper eh np
scorekeeper eh np
scorekeeper eh claim T9
scorekeeper eh np
scorekeeper eh claim M13
scorekeeper eh complete red3 -p Brandon
scorekeeper eh claim M15
scorekeeper eh claim M17
scorekeeper eh claim P9
scorekeeper eh claim red5
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh reveal guild 1 outfitter
scorekeeper eh reveal guild 2 infiltrator
scorekeeper eh reveal guild 3 custodian
scorekeeper eh reveal tavern 1 1S1R --flame 0
scorekeeper eh reveal tavern 2 1G1S1R --flame 0
scorekeeper eh reveal tavern 3 1S1R --flame 0
scorekeeper eh reveal camp 1 exotic 2
scorekeeper eh reveal camp 2 exotic 2
scorekeeper eh reveal camp 3 exotic 4
scorekeeper eh reveal mountain b1 red 3 --flame 1
scorekeeper eh reveal mountain b2 blue 3 --wardens 1
scorekeeper eh reveal mountain b3 red 4
scorekeeper eh reveal mountain m1 blue 5 --flame 1
scorekeeper eh reveal mountain m2 blue 4 --flame 1 --wardens 1
scorekeeper eh reveal mountain t1 red 9 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 blue
scorekeeper eh reveal preserve 2 red
scorekeeper eh reveal preserve 3 blue
scorekeeper eh reveal garrison red 6 3red+2ranger speed
scorekeeper eh raidcard 1 G red
scorekeeper eh raidcard 2 G garrison
scorekeeper eh block tavern:3 tavern:1 camp:5
scorekeeper eh swap G W 1 -p Astrid
scorekeeper eh place camp 3 2G1S -p Astrid -c
scorekeeper eh place preserve 1 1R -p Brandon -c
scorekeeper eh place mountain 1 1W -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh place garrison 1 1R -p Astrid
scorekeeper eh swap G R 1 -p Brandon
scorekeeper eh place preserve 3 2G1R -p Brandon
scorekeeper eh special warehouse -p Astrid
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh place guild 1 1G -p Brandon
scorekeeper eh swap G R 1 -p Astrid
scorekeeper eh aide defender -p Astrid --raid 2
scorekeeper eh aide leader -p Brandon
scorekeeper eh swap G S 1 -p Astrid
scorekeeper eh aide healer -p Astrid
scorekeeper eh special warehouse -p Brandon
scorekeeper eh claim outfitter
scorekeeper eh attach M13 outfitter -p Brandon
scorekeeper eh np
scorekeeper eh np
scorekeeper eh np
scorekeeper eh claim C12
scorekeeper eh attach C12 caretaker -p Astrid
scorekeeper eh complete green3 -p Astrid
scorekeeper eh claim M21
scorekeeper eh attach M21 P9 -p Astrid
scorekeeper eh claim M22
scorekeeper eh claim P12
scorekeeper eh attach M9 P12 -p Brandon
scorekeeper eh claim P11
scorekeeper eh claim red6
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh reveal guild 1 fire-marshall
scorekeeper eh reveal guild 2 squire
scorekeeper eh reveal guild 3 messenger
scorekeeper eh reveal tavern 1 2G1S --flame -1
scorekeeper eh reveal tavern 2 2G1W --flame 1
scorekeeper eh reveal tavern 3 1S1W --flame 0
scorekeeper eh reveal camp 1 red 3
scorekeeper eh reveal camp 2 red 1
scorekeeper eh reveal camp 3 blue 3
scorekeeper eh reveal mountain b1 green 3 --wardens 1
scorekeeper eh reveal mountain b2 red 3
scorekeeper eh reveal mountain b3 green 2
scorekeeper eh reveal mountain m1 blue 6 --flame 1 --wardens 1
scorekeeper eh reveal mountain m2 blue 5 --flame 2
scorekeeper eh reveal mountain t1 red 9 --flame 1
scorekeeper eh reveal preserve 1 red
scorekeeper eh reveal preserve 2 red
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison red 7 4red speed
scorekeeper eh raidcard 1 G red
scorekeeper eh raidcard 2 E garrison
scorekeeper eh block mountain:2 camp:1 mountain:3
scorekeeper eh place garrison 2 2R -p Brandon -c
scorekeeper eh place guild 4 1G2S -p Astrid -c
scorekeeper eh special firestation -p Brandon
scorekeeper eh place preserve 2 2R -p Astrid
scorekeeper eh place preserve 4 4G -p Brandon
scorekeeper eh place mountain 1 1G -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh swap G R 1 -p Astrid
scorekeeper eh aide leader -p Astrid
scorekeeper eh swap G W 1 -p Brandon
scorekeeper eh aide healer -p Brandon
scorekeeper eh aide defender -p Astrid --raid 1
scorekeeper eh claim fire-marshall
scorekeeper eh attach C1 fire-marshall -p Astrid
scorekeeper eh np
scorekeeper eh np
scorekeeper eh np
scorekeeper eh claim M27
scorekeeper eh attach M27 P4 -p Astrid
scorekeeper eh claim P13
scorekeeper eh claim P14
scorekeeper eh claim red7
scorekeeper eh raid -p Astrid --discard 1S1R
scorekeeper eh raid -p Brandon
scorekeeper eh convert 3 -p Astrid
scorekeeper eh convert 6 -p Brandon
