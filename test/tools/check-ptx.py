#!/usr/bin/env python3
"""Checks every PTX kernel in gn-cuda-pipeline output with ptxas.

  check-ptx.py FILE.mlir... [--ptxas PATH] [--arch sm_90] [--keep DIR] [-v]

Reads each gpu.binary's #gpu.object (assembly format: PTX text, MLIR string
escapes undone), writes it to a file and runs `ptxas -arch=<chip>` on it, the
chip read from the object's #nvvm.target unless --arch is given. Prints one
line per binary (`ok NAME regs=R spill=S` or `FAIL NAME` with ptxas's error)
and `N ok, N failed`; exits 1 if any failed, 2 if ptxas is missing (a loud
skip: the caller decides).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

BINARY = re.compile(r'gpu\.binary\s+@(\w+)\s+\[#gpu\.object<#nvvm\.target<([^>]*)>[^"]*?assembly = "((?:[^"\\]|\\.)*)"')


def unescape(s):
    # MLIR prints non-printable bytes as \XX (hex) and escapes \\ and \".
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == '\\' and i + 1 < len(s):
            n = s[i + 1]
            if n in '\\"':
                out.append(n)
                i += 2
                continue
            if i + 2 < len(s) and re.match(r'[0-9A-Fa-f]{2}', s[i + 1:i + 3]):
                out.append(chr(int(s[i + 1:i + 3], 16)))
                i += 3
                continue
        out.append(c)
        i += 1
    return ''.join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('files', nargs='+')
    ap.add_argument('--ptxas', default=None)
    ap.add_argument('--arch', default=None)
    ap.add_argument('--keep', default=None, help='write the .ptx files here')
    ap.add_argument('-v', action='store_true', help="print ptxas's resource usage")
    a = ap.parse_args()
    ptxas = a.ptxas or shutil.which('ptxas') or '/usr/local/cuda/bin/ptxas'
    if not os.path.exists(ptxas):
        print(f'check-ptx: ptxas not found ({ptxas}): PTX NOT CHECKED', file=sys.stderr)
        return 2
    work = a.keep or tempfile.mkdtemp(prefix='gn-ptx-')
    os.makedirs(work, exist_ok=True)
    ok = failed = 0
    for f in a.files:
        text = open(f).read()
        binaries = BINARY.findall(text)
        if not binaries:
            print(f'check-ptx: no gpu.binary with PTX in {f}', file=sys.stderr)
            failed += 1
            continue
        for name, target, asm in binaries:
            chip = a.arch or (re.search(r'chip = "(\w+)"', target) or [None, 'sm_90'])[1]
            path = os.path.join(work, name + '.ptx')
            with open(path, 'w') as out:
                out.write(unescape(asm))
            r = subprocess.run([ptxas, f'-arch={chip}', '-v', path, '-o', os.devnull],
                               capture_output=True, text=True)
            if r.returncode != 0:
                failed += 1
                print(f'FAIL {name} ({chip}): {(r.stderr or r.stdout).strip()}')
                continue
            ok += 1
            regs = re.search(r'Used (\d+) registers', r.stderr)
            spill = re.search(r'(\d+) bytes spill stores', r.stderr)
            line = f'ok {name} regs={regs[1] if regs else "?"} spill={spill[1] if spill else "?"}'
            if a.v or (spill and spill[1] != '0'):
                print(line)
    print(f'{ok} ok, {failed} failed')
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)  # one folder per call: CI makes thousands
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
