"""``python -m phase10``: the command line, :func:`phase10.cli.main`."""

from phase10.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
