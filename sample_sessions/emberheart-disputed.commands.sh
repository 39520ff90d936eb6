#!/bin/sh
# Emberheart sample 'disputed', recorded by make_emberheart.py (seed 37).
set -e
export SCOREKEEPER_SESSION="${SCOREKEEPER_SESSION:-emberheart-disputed.json}"
scorekeeper new emberheart --players Astrid,Brandon,Helga --session "$SCOREKEEPER_SESSION"
scorekeeper set 'flame_glory={"1": 1, "2": 2, "4": 5, "5": 6, "7": 10, "8": 12, "9": 14, "10": 16, "11": 18, "12": 20}'
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
scorekeeper eh place camp 5 4G -p Helga -c
scorekeeper eh place preserve 5 4G -p Astrid -c
scorekeeper eh place mountain 5 3G1W -p Brandon -c
scorekeeper eh place garrison 5 5G -p Helga
scorekeeper eh place camp 1 1G -p Astrid
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh aide defender -p Helga --raid 1
scorekeeper eh special warehouse -p Astrid
scorekeeper eh place tavern 5 5G -p Brandon
scorekeeper eh place guild 1 1G -p Helga
scorekeeper eh special warehouse -p Astrid
scorekeeper eh special warehouse -p Brandon
scorekeeper eh special warehouse -p Helga
scorekeeper eh aide healer -p Astrid
scorekeeper eh aide leader -p Brandon
scorekeeper eh special warehouse -p Helga
scorekeeper eh claim custodian
scorekeeper eh claim fire-sage
scorekeeper eh claim T3
scorekeeper eh claim T2
scorekeeper eh claim C2
scorekeeper eh attach C2 fire-sage -p Helga
scorekeeper eh claim C3
scorekeeper eh attach C3 custodian -p Astrid
scorekeeper eh claim M1
scorekeeper eh recall
scorekeeper eh claim P3
scorekeeper eh claim red3
scorekeeper eh complete red3 -p Helga
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh reveal guild 1 recruiter
scorekeeper eh reveal guild 2 mentor
scorekeeper eh reveal guild 3 squire
scorekeeper eh reveal tavern 1 3G --flame 0
scorekeeper eh reveal tavern 2 4G --flame -1
scorekeeper eh reveal tavern 3 1G1R --flame 0
scorekeeper eh reveal camp 1 exotic 2
scorekeeper eh reveal camp 2 red 4
scorekeeper eh reveal camp 3 green 3
scorekeeper eh reveal mountain b1 red 4 --wardens 1
scorekeeper eh reveal mountain b2 blue 3
scorekeeper eh reveal mountain b3 red 3
scorekeeper eh reveal mountain m1 green 5 --flame 2
scorekeeper eh reveal mountain m2 green 5 --flame 2 --wardens 1
scorekeeper eh reveal mountain t1 blue 7 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 red
scorekeeper eh reveal preserve 3 blue
scorekeeper eh reveal garrison red 4 2red senses
scorekeeper eh raidcard 1 G preserve
scorekeeper eh raidcard 2 G ranger
scorekeeper eh place camp 3 2S -p Brandon -c
scorekeeper eh place preserve 1 0 -p Helga -c
scorekeeper eh place mountain 1 0 -p Astrid -c
scorekeeper eh aide leader -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh place mountain 2 2W -p Brandon
scorekeeper eh place camp 4 4G -p Helga
scorekeeper eh special warehouse -p Astrid
scorekeeper eh place garrison 1 1R -p Brandon
scorekeeper eh aide healer -p Helga
scorekeeper eh aide defender -p Astrid --raid 2
scorekeeper eh claim C5
scorekeeper eh claim C6
scorekeeper eh claim M7
scorekeeper eh claim M8
scorekeeper eh recall
scorekeeper eh claim P6
scorekeeper eh claim red4
scorekeeper eh raid -p Astrid --custodian
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh reveal guild 1 dragon-trainer
scorekeeper eh reveal guild 2 caretaker
scorekeeper eh reveal guild 3 merchant
scorekeeper eh reveal tavern 1 1G1R --flame 0
scorekeeper eh reveal tavern 2 1G1R --flame 0
scorekeeper eh reveal tavern 3 1S1R --flame 1
scorekeeper eh reveal camp 1 red 2
scorekeeper eh reveal camp 2 red 2
scorekeeper eh reveal camp 3 blue 3
scorekeeper eh reveal mountain b1 blue 3 --wardens 1
scorekeeper eh reveal mountain b2 red 3 --wardens 1
scorekeeper eh reveal mountain b3 red 3 --wardens 1
scorekeeper eh reveal mountain m1 green 6
scorekeeper eh reveal mountain m2 red 6 --wardens 1
scorekeeper eh reveal mountain t1 blue 8 --flame 1
scorekeeper eh reveal preserve 1 red
scorekeeper eh reveal preserve 2 green
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison red 5 2red+1hero strength
scorekeeper eh raidcard 1 E scout
scorekeeper eh raidcard 2 E hero
scorekeeper eh place tavern 3 2S -p Brandon -c
scorekeeper eh place mountain 1 0 -p Helga -c
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh place garrison 1 1R -p Brandon
scorekeeper eh aide defender -p Helga --raid 1
scorekeeper eh place tavern 1 0 -p Astrid -c
scorekeeper eh special firestation -p Brandon
scorekeeper eh aide leader -p Helga
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide healer -p Brandon
scorekeeper eh special warehouse -p Helga
scorekeeper eh place tavern 4 4G -p Astrid
scorekeeper eh claim T8
scorekeeper eh claim T9
scorekeeper eh claim T7
scorekeeper eh recall
scorekeeper eh claim red5
scorekeeper eh raid -p Astrid --custodian
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh reveal guild 1 dragon-knight
scorekeeper eh reveal guild 2 quartermaster
scorekeeper eh reveal guild 3 master-ranger
scorekeeper eh reveal tavern 1 2G1W --flame 0
scorekeeper eh reveal tavern 2 1S1W --flame -1
scorekeeper eh reveal tavern 3 4G --flame -1
scorekeeper eh reveal camp 1 blue 1
scorekeeper eh reveal camp 2 blue 2
scorekeeper eh reveal camp 3 red 2
scorekeeper eh reveal mountain b1 red 2
scorekeeper eh reveal mountain b2 green 3 --flame 2 --wardens 1
scorekeeper eh reveal mountain b3 red 4 --flame 2 --wardens 1
scorekeeper eh reveal mountain m1 red 5 --wardens 1
scorekeeper eh reveal mountain m2 red 5 --flame 1
scorekeeper eh reveal mountain t1 red 8 --flame 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 green
scorekeeper eh reveal preserve 3 green
scorekeeper eh reveal garrison red 6 3red+2ranger strength
scorekeeper eh raidcard 1 G hero
scorekeeper eh raidcard 2 E scout
scorekeeper eh place preserve 1 0 -p Helga -c
scorekeeper eh place garrison 4 1G2R -p Astrid -c
scorekeeper eh place tavern 5 1G3S -p Brandon -c
scorekeeper eh aide survivalist -p Helga
scorekeeper eh place camp 1 1G -p Astrid
scorekeeper eh swap G S 1 -p Brandon
scorekeeper eh place preserve 4 2G2R -p Brandon
scorekeeper eh special warehouse -p Helga
scorekeeper eh special firestation -p Astrid
scorekeeper eh place mountain 1 1W -p Brandon
scorekeeper eh aide healer -p Helga
scorekeeper eh aide defender -p Astrid --raid 1
scorekeeper eh place guild 1 1S -p Brandon
scorekeeper eh aide leader -p Helga
scorekeeper eh swap G R 1 -p Astrid
scorekeeper eh place camp 3 3G -p Astrid
scorekeeper eh special warehouse -p Brandon
scorekeeper eh claim master-ranger
scorekeeper eh attach M1 master-ranger -p Brandon
scorekeeper eh claim T10
scorekeeper eh claim C11
scorekeeper eh claim C12
scorekeeper eh attach C12 P3 -p Astrid
scorekeeper eh claim M21
scorekeeper eh complete red4 -p Brandon
scorekeeper eh complete red5 -p Brandon
scorekeeper eh claim P10
scorekeeper eh attach C6 P10 -p Brandon
scorekeeper eh claim P11
scorekeeper eh claim red6
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon --discard 3S1R
scorekeeper eh raid -p Helga
scorekeeper eh reveal guild 1 overseer
scorekeeper eh reveal guild 2 peakwalker
scorekeeper eh reveal guild 3 wrangler
scorekeeper eh reveal tavern 1 1G1R --flame 0
scorekeeper eh reveal tavern 2 1G1R --flame -1
scorekeeper eh reveal tavern 3 1S1W --flame -1
scorekeeper eh reveal camp 1 red 4
scorekeeper eh reveal camp 2 red 1
scorekeeper eh reveal camp 3 green 1
scorekeeper eh reveal mountain b1 blue 2 --flame 2 --wardens 1
scorekeeper eh reveal mountain b2 green 3 --wardens 1
scorekeeper eh reveal mountain b3 green 3
scorekeeper eh reveal mountain m1 red 4 --wardens 1
scorekeeper eh reveal mountain m2 green 4 --flame 2
scorekeeper eh reveal mountain t1 green 9 --flame 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 red
scorekeeper eh reveal garrison red 7 4red senses
scorekeeper eh raidcard 1 G ranger
scorekeeper eh raidcard 2 G ranger
scorekeeper eh place tavern 1 0 -p Helga -c
scorekeeper eh place garrison 4 2R -p Astrid -c
scorekeeper eh place guild 3 1G1S -p Brandon -c
scorekeeper eh special warehouse -p Helga
scorekeeper eh place preserve 1 1R -p Astrid
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special firestation -p Astrid
scorekeeper eh place preserve 2 1G1R -p Brandon
scorekeeper eh swap G S 1 -p Helga
scorekeeper eh aide healer -p Helga
scorekeeper eh aide leader -p Astrid
scorekeeper eh place mountain 1 1W -p Brandon
scorekeeper eh swap G R 1 -p Helga
scorekeeper eh place preserve 3 2G1R -p Helga
scorekeeper eh place preserve 4 4G -p Astrid
scorekeeper eh special warehouse -p Brandon
scorekeeper eh aide defender -p Helga --raid 1
scorekeeper eh special firestation -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh claim overseer
scorekeeper eh claim T14
scorekeeper eh claim M27
scorekeeper eh attach M27 overseer -p Brandon
scorekeeper eh claim M28
scorekeeper eh claim P13
scorekeeper eh claim P14
scorekeeper eh claim P15
scorekeeper eh attach M7 P15 -p Brandon
scorekeeper eh recall
scorekeeper eh claim red7
scorekeeper eh raid -p Astrid --custodian
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh convert 9 -p Astrid
scorekeeper eh convert 9 -p Brandon
scorekeeper eh convert 3 -p Helga
scorekeeper eh convert 2 -p Helga --force
scorekeeper eh extra -p Brandon --force
