"""``python -m phase10.schemas [DIR]``: write the JSON Schemas (default: into the package)."""

import sys

from phase10.schemas import main

main(sys.argv[1] if len(sys.argv) > 1 else None)
