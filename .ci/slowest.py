"""The 25 slowest tests of CI's passes, from their JUnit reports: `slowest.py NAME=REPORT ...`."""

import sys
import xml.etree.ElementTree as ElementTree

SHOWN = 25


def main(arguments: list[str]) -> None:
    timings: list[tuple[float, str, str]] = []
    for argument in arguments:
        name, _, path = argument.partition("=")
        for case in ElementTree.parse(path).iter("testcase"):
            test = f"{case.get('classname', '').replace('.', '/')}.py::{case.get('name')}"
            timings.append((float(case.get("time") or 0), name, test))
    timings.sort(reverse=True)
    print(f"The {SHOWN} slowest tests (setup, call and teardown) of {len(timings)}:")
    for seconds, name, test in timings[:SHOWN]:
        print(f"{seconds:8.1f} s  {name:<10} {test}")


if __name__ == "__main__":
    main(sys.argv[1:])
