"""`python -m mcr_score`: the `mcr-score` command where its console script is not on PATH."""

from mcr_score.cli import main

if __name__ == "__main__":
    main()
