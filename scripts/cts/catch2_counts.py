#!/usr/bin/env python3
"""Counts the test cases of one Catch2 run from its XML report (--reporter xml --out FILE).

Prints "passed failed skipped last complete" on one line, where last is the test case that began
but never ended (the one running when the process crashed or was killed; '-' when none), which
counts as failed, and complete is "yes" when the report was closed (the run ended by itself: its
exit code is then Catch2's, the number of failed assertions, which may pass 128), else "no". The report of a run that died is cut short, so it is read with regular expressions, not
an XML parser: each <TestCase ...> opens a case and its <OverallResult success=".." skips=".."/>
closes it. A case counts as failed when it failed an assertion, skipped when it skipped without
failing (Catch2's SKIP, which the CTS uses where the device lacks an aspect), passed otherwise.
"""
import re
import sys


def counts(text):
    passed = failed = skipped = 0
    last = "-"
    token = re.compile(r'<TestCase name="([^"]*)"|<OverallResult success="(true|false)"(?: skips="(\d+)")?')
    for m in token.finditer(text):
        if m.group(1) is not None:
            last = m.group(1)
            continue
        if m.group(2) == "false":
            failed += 1
        elif m.group(3) and int(m.group(3)) > 0:
            skipped += 1
        else:
            passed += 1
        last = "-"
    if last != "-":
        failed += 1
    return passed, failed, skipped, last


def main():
    try:
        with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        text = ""
    passed, failed, skipped, last = counts(text)
    complete = "yes" if "</Catch2TestRun>" in text else "no"
    print(passed, failed, skipped, last, complete)


if __name__ == "__main__":
    main()
