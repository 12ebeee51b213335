"""The test suite (a package, so that mypy and pytest name its modules alike)."""
