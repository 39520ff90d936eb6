"""``python -m scorekeeper``: the same as the ``scorekeeper`` command."""

from scorekeeper.cli import main

if __name__ == "__main__":
    main()
