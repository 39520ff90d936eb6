#!/bin/sh
# Emberheart sample 'four-players', recorded by make_emberheart.py (seed 11).
set -e
export SCOREKEEPER_SESSION="${SCOREKEEPER_SESSION:-emberheart-four-players.json}"
scorekeeper new emberheart --players Astrid,Brandon,Helga,Sigrun --session "$SCOREKEEPER_SESSION"
scorekeeper set 'flame_glory={"1": 1, "2": 2, "4": 5, "5": 6, "7": 10, "8": 12, "9": 14, "10": 16, "11": 18, "12": 20}'
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
scorekeeper eh place garrison 5 4G -p Astrid -c
scorekeeper eh place preserve 5 4G -p Brandon -c
scorekeeper eh place mountain 5 4G -p Helga -c
scorekeeper eh aide healer -p Sigrun
scorekeeper eh place guild 5 5G -p Astrid
scorekeeper eh place camp 5 5G -p Brandon
scorekeeper eh place tavern 5 5G -p Helga
scorekeeper eh place mountain 4 3G -p Sigrun -c
scorekeeper eh place preserve 1 1G -p Astrid
scorekeeper eh aide defender -p Brandon --raid 2
scorekeeper eh place tavern 1 1G -p Helga
scorekeeper eh place garrison 4 4G -p Sigrun
scorekeeper eh special warehouse -p Astrid
scorekeeper eh place garrison 1 1G -p Brandon
scorekeeper eh aide leader -p Helga
scorekeeper eh place garrison 3 3G -p Sigrun
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh special warehouse -p Brandon
scorekeeper eh special warehouse -p Helga
scorekeeper eh special warehouse -p Sigrun
scorekeeper eh claim quartermaster
scorekeeper eh claim T2
scorekeeper eh claim T1
scorekeeper eh claim C2
scorekeeper eh claim M1
scorekeeper eh claim M3
scorekeeper eh claim P2
scorekeeper eh attach C2 P2 -p Brandon
scorekeeper eh claim P1
scorekeeper eh claim red3
scorekeeper eh claim green3
scorekeeper eh claim blue3
scorekeeper eh complete blue3 -p Sigrun
scorekeeper eh recall
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh raid -p Sigrun
scorekeeper eh reveal guild 1 master-ranger
scorekeeper eh reveal guild 2 paragon
scorekeeper eh reveal guild 3 outfitter
scorekeeper eh reveal tavern 1 3G --flame 1
scorekeeper eh reveal tavern 2 2G1S --flame 1
scorekeeper eh reveal tavern 3 3G --flame 0
scorekeeper eh reveal camp 1 green 1
scorekeeper eh reveal camp 2 exotic 1
scorekeeper eh reveal camp 3 red 3
scorekeeper eh reveal mountain b1 red 3
scorekeeper eh reveal mountain b2 blue 3 --flame 1 --wardens 1
scorekeeper eh reveal mountain b3 blue 3 --flame 1
scorekeeper eh reveal mountain m1 red 5 --flame 1
scorekeeper eh reveal mountain m2 blue 6
scorekeeper eh reveal mountain t1 red 7 --flame 1
scorekeeper eh reveal preserve 1 red
scorekeeper eh reveal preserve 2 green
scorekeeper eh reveal preserve 3 blue
scorekeeper eh reveal garrison red 4 2red strength
scorekeeper eh reveal garrison blue 4 2blue senses
scorekeeper eh reveal garrison green 4 2green strength
scorekeeper eh raidcard 1 G garrison
scorekeeper eh raidcard 2 G red
scorekeeper eh place garrison 5 4G -p Helga -c
scorekeeper eh place tavern 1 0 -p Sigrun -c
scorekeeper eh place mountain 1 0 -p Astrid -c
scorekeeper eh aide healer -p Brandon
scorekeeper eh aide defender -p Helga --raid 1
scorekeeper eh aide leader -p Sigrun
scorekeeper eh aide survivalist -p Astrid
scorekeeper eh place camp 2 1G -p Brandon -c
scorekeeper eh claim T6
scorekeeper eh claim C6
scorekeeper eh claim M9
scorekeeper eh attach M9 quartermaster -p Astrid
scorekeeper eh claim red4
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh raid -p Sigrun
scorekeeper eh reveal guild 1 dragon-trainer
scorekeeper eh reveal guild 2 tactician
scorekeeper eh reveal guild 3 recruiter
scorekeeper eh reveal tavern 1 1S1R --flame 0
scorekeeper eh reveal tavern 2 1G1S1R --flame -1
scorekeeper eh reveal tavern 3 1G1S1R --flame 0
scorekeeper eh reveal camp 1 blue 4
scorekeeper eh reveal camp 2 blue 4
scorekeeper eh reveal camp 3 blue 1
scorekeeper eh reveal mountain b1 green 3
scorekeeper eh reveal mountain b2 blue 3
scorekeeper eh reveal mountain b3 red 3 --flame 1 --wardens 1
scorekeeper eh reveal mountain m1 green 5 --wardens 1
scorekeeper eh reveal mountain m2 green 4 --flame 2 --wardens 1
scorekeeper eh reveal mountain t1 red 9 --flame 1 --wardens 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 green
scorekeeper eh reveal preserve 3 blue
scorekeeper eh reveal garrison red 5 2red+1hero speed
scorekeeper eh raidcard 1 E hero
scorekeeper eh raidcard 2 G red
scorekeeper eh swap G S 1 -p Sigrun
scorekeeper eh aide healer -p Sigrun
scorekeeper eh aide defender -p Astrid --raid 1
scorekeeper eh place camp 1 0 -p Brandon -c
scorekeeper eh place camp 2 1S -p Helga -c
scorekeeper eh place camp 4 2G1S -p Sigrun -c
scorekeeper eh place guild 1 0 -p Astrid -c
scorekeeper eh special warehouse -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special firestation -p Sigrun
scorekeeper eh special firestation -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh swap G R 1 -p Helga
scorekeeper eh place tavern 3 3G -p Helga
scorekeeper eh aide leader -p Sigrun
scorekeeper eh swap G W 1 -p Astrid
scorekeeper eh place preserve 3 3G -p Astrid
scorekeeper eh place tavern 4 4G -p Brandon
scorekeeper eh aide survivalist -p Helga
scorekeeper eh claim recruiter
scorekeeper eh claim T9
scorekeeper eh claim T8
scorekeeper eh claim C8
scorekeeper eh claim C7
scorekeeper eh claim C9
scorekeeper eh claim P8
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh raid -p Sigrun
scorekeeper eh reveal guild 1 blazebinder
scorekeeper eh reveal guild 2 bard
scorekeeper eh reveal guild 3 tavernkeeper
scorekeeper eh reveal tavern 1 2G1W --flame 1
scorekeeper eh reveal tavern 2 4G --flame -1
scorekeeper eh reveal tavern 3 3G --flame 0
scorekeeper eh reveal camp 1 green 2
scorekeeper eh reveal camp 2 red 4
scorekeeper eh reveal camp 3 exotic 2
scorekeeper eh reveal mountain b1 blue 4
scorekeeper eh reveal mountain b2 blue 3 --flame 1
scorekeeper eh reveal mountain b3 green 3 --wardens 1
scorekeeper eh reveal mountain m1 green 6
scorekeeper eh reveal mountain m2 green 6
scorekeeper eh reveal mountain t1 blue 7 --flame 1
scorekeeper eh reveal preserve 1 red
scorekeeper eh reveal preserve 2 red
scorekeeper eh reveal preserve 3 blue
scorekeeper eh raidcard 1 G red
scorekeeper eh raidcard 2 G warden
scorekeeper eh place tavern 4 2G1S -p Sigrun -c
scorekeeper eh place garrison 1 0 -p Astrid -c
scorekeeper eh place preserve 2 1R -p Brandon -c
scorekeeper eh place preserve 4 1G2R -p Helga -c
scorekeeper eh place mountain 2 2G -p Sigrun
scorekeeper eh place mountain 1 1W -p Astrid
scorekeeper eh place tavern 1 1S -p Brandon
scorekeeper eh place tavern 2 2S -p Helga
scorekeeper eh special firestation -p Sigrun
scorekeeper eh special firestation -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special warehouse -p Helga
scorekeeper eh swap G R 1 -p Sigrun
scorekeeper eh place guild 3 3G -p Sigrun
scorekeeper eh swap G S 1 -p Astrid
scorekeeper eh aide defender -p Astrid --raid 2
scorekeeper eh place mountain 4 4G -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh aide leader -p Sigrun
scorekeeper eh place tavern 3 2G1S -p Astrid
scorekeeper eh aide healer -p Brandon
scorekeeper eh place garrison 4 4G -p Helga
scorekeeper eh aide survivalist -p Sigrun
scorekeeper eh place camp 1 1G -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh claim tavernkeeper
scorekeeper eh claim T12
scorekeeper eh claim T10
scorekeeper eh claim T11
scorekeeper eh recall
scorekeeper eh claim C11
scorekeeper eh attach C11 P1 -p Astrid
scorekeeper eh complete red3 -p Astrid
scorekeeper eh claim M19
scorekeeper eh claim M20
scorekeeper eh claim M21
scorekeeper eh attach M21 P8 -p Astrid
scorekeeper eh claim P10
scorekeeper eh claim P12
scorekeeper eh attach C9 P12 -p Brandon
scorekeeper eh claim red5
scorekeeper eh claim blue4
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh raid -p Sigrun
scorekeeper eh reveal guild 1 custodian
scorekeeper eh reveal guild 2 squire
scorekeeper eh reveal guild 3 overseer
scorekeeper eh reveal tavern 1 1G1S1R --flame 1
scorekeeper eh reveal tavern 2 2G1W --flame -1
scorekeeper eh reveal tavern 3 3G --flame 0
scorekeeper eh reveal camp 1 blue 4
scorekeeper eh reveal camp 2 red 2
scorekeeper eh reveal camp 3 green 4
scorekeeper eh reveal mountain b1 blue 3 --flame 2
scorekeeper eh reveal mountain b2 blue 2
scorekeeper eh reveal mountain b3 blue 2 --wardens 1
scorekeeper eh reveal mountain m1 green 4
scorekeeper eh reveal mountain m2 green 5 --flame 1 --wardens 1
scorekeeper eh reveal mountain t1 red 9 --flame 1
scorekeeper eh reveal preserve 1 green
scorekeeper eh reveal preserve 2 blue
scorekeeper eh reveal preserve 3 blue
scorekeeper eh reveal garrison red 6 3red+2ranger strength
scorekeeper eh reveal garrison blue 5 2blue+1hero speed
scorekeeper eh raidcard 1 G scout
scorekeeper eh raidcard 2 G ranger
scorekeeper eh swap G W 1 -p Sigrun
scorekeeper eh place preserve 4 2G1R -p Sigrun -c
scorekeeper eh place tavern 4 1G1S -p Astrid -c
scorekeeper eh place guild 5 3G1S -p Brandon -c
scorekeeper eh swap G W 1 -p Helga
scorekeeper eh place preserve 5 2G2R -p Helga -c
scorekeeper eh place mountain 1 1W -p Sigrun
scorekeeper eh special firestation -p Astrid
scorekeeper eh aide healer -p Brandon
scorekeeper eh place guild 3 1G2S -p Helga
scorekeeper eh place guild 1 1S -p Sigrun
scorekeeper eh place mountain 5 4G1W -p Astrid
scorekeeper eh place preserve 1 1R -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh special warehouse -p Sigrun
scorekeeper eh aide defender -p Astrid --raid 1
scorekeeper eh aide survivalist -p Brandon
scorekeeper eh place camp 4 4G -p Helga
scorekeeper eh aide leader -p Sigrun
scorekeeper eh special warehouse -p Astrid
scorekeeper eh special firestation -p Brandon
scorekeeper eh special firestation -p Helga
scorekeeper eh claim custodian
scorekeeper eh claim overseer
scorekeeper eh attach M1 overseer -p Helga
scorekeeper eh claim squire
scorekeeper eh claim T14
scorekeeper eh claim C15
scorekeeper eh claim M25
scorekeeper eh complete blue4 -p Astrid
scorekeeper eh claim M27
scorekeeper eh recall
scorekeeper eh claim P13
scorekeeper eh attach C15 P13 -p Helga
scorekeeper eh claim P14
scorekeeper eh attach M3 P14 -p Sigrun
scorekeeper eh claim P15
scorekeeper eh attach M19 P15 -p Brandon
scorekeeper eh raid -p Astrid
scorekeeper eh raid -p Brandon
scorekeeper eh raid -p Helga
scorekeeper eh raid -p Sigrun
scorekeeper eh convert 6 -p Astrid
scorekeeper eh convert 3 -p Brandon
scorekeeper eh convert 3 -p Helga
scorekeeper eh convert 3 -p Sigrun
