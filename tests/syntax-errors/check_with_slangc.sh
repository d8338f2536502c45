#!/usr/bin/env bash
# Checks every planted-error file here against slangc: each `//CHECK:` caret must match an error
# slangc reports at that line and column, with the given message text. Skips without slangc.
exec python3 "$(dirname "$0")/check_with_slangc.py" "$@"
