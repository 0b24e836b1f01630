"""Shared by every test folder: this folder is on the path, so tests import serverproc."""
