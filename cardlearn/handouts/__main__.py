"""`python -m cardlearn.handouts FOLDER [GAME ...]` writes the printable rules handouts."""

from cardlearn.handouts import main

raise SystemExit(main())
