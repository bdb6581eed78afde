"""Runs one sample for gn.evaluate in a fresh process and prints its JSON
record: python -m gn._worker PATH OPTIONS_JSON. (A fresh process, not a
fork: the caller may hold threads, such as OpenMP's, that a forked child
cannot use.)"""
import json
import os
import signal
import sys

from . import _gn


def main():
    path, options = sys.argv[1], json.loads(sys.argv[2])
    # Test hook: die like a crashing sample (checks that evaluate goes on).
    if os.environ.get("GN_PY_TEST_CRASH") == os.path.basename(path.rstrip("/")):
        os.kill(os.getpid(), signal.SIGSEGV)
    sys.stdout.write(_gn.run_sample(path, **options))


if __name__ == "__main__":
    main()
