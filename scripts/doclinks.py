#!/usr/bin/env python3
"""Completes and checks the links of the rendered crate documentation (`make doc`).

The crate's front page is README.md, whose links name files of the repository (docs/*.md,
CONTRIBUTING.md, the licenses). rustdoc leaves them relative to target/doc/carry/, so this
copies those files there, then checks that every relative link of the front page leads to a
file: a link to a file that does not exist fails the build.

Usage: scripts/doclinks.py [TARGET_DOC_CRATE_DIR]   (default target/doc/carry)
"""

import html.parser
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)


def relative(link):
    """The file part of a link into the documentation tree, or None for any other link."""
    if link.startswith(("#", "/", "mailto:", "javascript:")) or "://" in link or "${" in link:
        return None
    return link.split("#", 1)[0].split("?", 1)[0] or None


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "doc", "carry")
    index = os.path.join(out, "index.html")
    if not os.path.isfile(index):
        sys.exit(f"doclinks: {index} is missing; run cargo doc first")
    parser = Links()
    with open(index, encoding="utf-8") as f:
        parser.feed(f.read())
    broken = []
    for link in parser.links:
        path = relative(link)
        if path is None:
            continue
        target = os.path.normpath(os.path.join(out, path))
        source = os.path.normpath(os.path.join(ROOT, path))
        if not os.path.exists(target) and os.path.exists(source) and source.startswith(ROOT + os.sep):
            if os.path.isdir(source):
                shutil.copytree(source, target, dirs_exist_ok=True)
            else:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copy2(source, target)
        if not os.path.exists(target):
            broken.append(link)
    if broken:
        sys.exit("doclinks: broken links on the front page: " + ", ".join(sorted(set(broken))))
    print(f"doclinks: every link of {os.path.relpath(index, ROOT)} leads to a file")


if __name__ == "__main__":
    main()
