#!/usr/bin/env python3
"""
Turns the `## ` sections of docs/decisions.md into one record each under docs/decisions/
(NNNN-slug.md: title, status, date, area; context, decision, consequences), rewrites
docs/decisions/README.md (the index: one screen, the records of each area on a few compact lines)
and leaves docs/decisions.md as a short pointer.

A section's area is its line `Area: <name>` (an area of AREAS, by its name or a word of it:
`Area: security`, `Area: campaigns`); without one, the first area whose keywords match its
title, and the script says so.

Idempotent: a section whose slug already has a record is left alone (the record may have been
edited since), so running it again, or after merging branches that appended new `## ` sections to
docs/decisions.md, only adds the new ones (numbered after the last record). A section may say
`Supersedes: NNNN` (or the title of an older record) on a line of its own: the older record's
status becomes "superseded by" the new one.

With --fix-links it also rewrites references such as `docs/decisions.md, "Campaigns"` in docs/ and
README.md to the record's file; with --fix-code-links the same in the code's comments (functions,
connector, infra, shared, web). References it cannot place are left as they are (docs/decisions.md
points to the index, so they still lead there).

Usage (from the repository root):
  python3 scripts/split-decisions.py [--fix-links] [--fix-code-links] [--dry-run]
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "docs" / "decisions.md"
RECORDS = ROOT / "docs" / "decisions"
INDEX = RECORDS / "README.md"

POINTER = """# Decisions

Where the spec is silent or says "not shown", what we chose and why: one record per decision in
[docs/decisions/](decisions/README.md) (`NNNN-slug.md`: context, decision, consequences, date,
status), listed by area in [docs/decisions/README.md](decisions/README.md).

To add a decision, either write the next record under docs/decisions/ (copy the format of the
last one and add its line to the index), or append a `## Title` section below this line and run
`python3 scripts/split-decisions.py`, which turns every `## ` section here into a record, updates
the index and puts this file back as it is now. Give the section a line `Area: <name>` (one of
the index's headings, e.g. `Area: data & keys`) to file it; a line `Supersedes: NNNN` marks that
older record superseded.
"""

# The index's areas, in its order: what a newcomer looks for. Without an `Area:` line a record
# goes to the first area whose keywords match its title (case-insensitive); the last is the rest.
AREAS: list[tuple[str, str]] = [
    ("Security", r"^security|inputs|who sees what|polic(y|ies)|permission|secret|password|access tokens"),
    ("Tests & bench", r"\btests?\b|bench|route probe|fuzz|test support|crashes of the local|flows:"),
    ("Web / SPA", r"\bspa\b|screen|forms?\b|browser|keyboard|list component|i18n|catalogue|language"),
    ("Campaigns & schedules", r"campaign|contact.list|schedul|file lists?"),
    ("Messaging & connector", r"whatsapp|connector|connection|baileys|\blids?\b|media|sent message|sandbox"),
    ("Chatbot & integrations", r"chatbot|\bbots?\b|dialogflow|\bai\b|prompt|integration|webhook|external message api|n8n"),
    ("Companies, users & billing", r"sign-in|sign-up|compan(y|ies)|plans?\b|invoice|payment|checkout|billing|users?\b|announcement|budget"),
    ("Data & keys", r"table|partition|\bkeys?\b|index|search|transaction|write path|stream|dynamo|dashboard"),
    ("Ops & cost", r"lambda|runtime|bundle|infrastructure|aws|cost|metrics|correlation|powertools|x-ray|alarm|deploy|house|foundation|cache|performance"),
    ("Inbox & tickets", r"."),
]

# Area names of earlier versions of this script (records filed then keep working).
OLD_AREAS: dict[str, str] = {
    "Tests, benchmark and tooling": "Tests & bench",
    "Platform, runtime and performance": "Ops & cost",
    "WhatsApp and the connector": "Messaging & connector",
    "Campaigns and contact lists": "Campaigns & schedules",
    "Bots and integrations": "Chatbot & integrations",
    "Companies, plans and billing": "Companies, users & billing",
    "Dashboard": "Data & keys",
    "SPA": "Web / SPA",
    "Inbox, tickets and messages": "Inbox & tickets",
}


def area_named(name: str) -> str | None:
    """The area an `Area:` line names: its whole name, an old name, or a word of it (`security`, `web`)."""
    wanted = name.strip().lower()
    if not wanted:
        return None
    for area, _ in AREAS:
        if area.lower() == wanted:
            return area
    for old, area in OLD_AREAS.items():
        if old.lower() == wanted:
            return area
    words = {area: set(re.findall(r"[a-z]+", area.lower())) for area, _ in AREAS}
    given = set(re.findall(r"[a-z]+", wanted)) - {"and"}
    matches = [area for area, _ in AREAS if given and given <= words[area]]
    matches = matches or [area for area, _ in AREAS if given & words[area]]
    return matches[0] if len(matches) == 1 else None


CONSEQUENCE_LEADS = re.compile(
    r"^- \*\*(not done|left|cost|costs|consequence|consequences|trade-off|limits?|what it costs|risk)\b", re.I
)


@dataclass
class Section:
    title: str
    line: int  # 1-based line of the heading in docs/decisions.md
    body: list[str] = field(default_factory=list)


@dataclass
class Record:
    number: int
    slug: str
    title: str
    area: str
    date: str
    status: str
    path: Path


def slugify(title: str) -> str:
    title = re.sub(r"\(issue #\d+[^)]*\)", "", title)
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return slug[:60].rstrip("-") or "decision"


def github_anchor(title: str) -> str:
    anchor = title.strip().lower()
    anchor = re.sub(r"[^\w\- ]", "", anchor)
    return anchor.replace(" ", "-")


def area_of(title: str) -> str:
    for name, pattern in AREAS:
        if re.search(pattern, title, re.I):
            return name
    return AREAS[-1][0]


def area_line(body: list[str]) -> str | None:
    """The value of a section's `Area: <name>` line, if it has one."""
    return next((m.group(1).strip() for l in body if (m := re.match(r"^Area:\s*(.+)$", l))), None)


def parse_sections(text: str) -> tuple[list[str], list[Section]]:
    preamble: list[str] = []
    sections: list[Section] = []
    in_fence = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            in_fence = not in_fence
        if not in_fence and line.startswith("## "):
            sections.append(Section(title=line[3:].strip(), line=number))
        elif sections:
            sections[-1].body.append(line)
        else:
            preamble.append(line)
    return preamble, sections


def date_of_line(line: int) -> str:
    """The author date of the commit that wrote the heading (today when not committed yet)."""
    try:
        out = subprocess.run(
            ["git", "blame", "--line-porcelain", "-L", f"{line},{line}", "--", str(SOURCE.relative_to(ROOT))],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout
        match = re.search(r"^author-time (\d+)$", out, re.M)
        if match and not out.startswith("0000000000000000000000000000000000000000"):
            return time.strftime("%Y-%m-%d", time.gmtime(int(match.group(1))))
    except (subprocess.CalledProcessError, FileNotFoundError, ValueError):
        pass
    return time.strftime("%Y-%m-%d", time.gmtime())


def split_body(body: list[str]) -> tuple[list[str], list[str], list[str], list[str]]:
    """(context, decision, consequences, supersedes) out of a section's lines."""
    lines = list(body)
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    supersedes = [m.group(1).strip() for l in lines if (m := re.match(r"^Supersedes:\s*(.+)$", l))]
    lines = [l for l in lines if not re.match(r"^(Supersedes|Area):\s*", l)]
    # Context: the prose before the first list item or sub-heading.
    context: list[str] = []
    while lines and not re.match(r"^(\s*[-*] |\d+\. |#|\|)", lines[0]):
        context.append(lines.pop(0))
    while lines and not lines[0].strip():
        lines.pop(0)
    # Consequences: list items that say what is not done, what it costs, its limits.
    decision: list[str] = []
    consequences: list[str] = []
    target = decision
    for line in lines:
        if line.startswith("- ") or line.startswith("#") or (line and not line[0].isspace() and target is consequences):
            target = consequences if CONSEQUENCE_LEADS.match(line) else decision
        target.append(line)
    return trim(context), trim(decision), trim(consequences), supersedes


def trim(lines: list[str]) -> list[str]:
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def read_records() -> dict[str, Record]:
    records: dict[str, Record] = {}
    if not RECORDS.is_dir():
        return records
    for path in sorted(RECORDS.glob("[0-9][0-9][0-9][0-9]-*.md")):
        text = path.read_text(encoding="utf-8")
        head = re.match(r"# (\d+)\. (.+)", text)
        meta = dict(re.findall(r"^- \*\*(\w+)\*\*: (.+)$", text, re.M))
        number = int(path.name[:4])
        slug = path.stem[5:]
        records[slug] = Record(
            number=number,
            slug=slug,
            title=head.group(2).strip() if head else slug,
            area=OLD_AREAS.get(meta.get("Area", ""), meta.get("Area") or area_of(slug)),
            date=meta.get("Date", ""),
            status=meta.get("Status", "Accepted"),
            path=path,
        )
    return records


def render(record: Record, section: Section, context: list[str], decision: list[str], consequences: list[str]) -> str:
    original = f'docs/decisions.md, "{section.title}"'
    issue = re.search(r"issue #\d+", section.title)
    subject = re.sub(r"\s*\(issue #\d+[^)]*\)", "", section.title)
    ctx = context or [
        f"What the spec leaves open, or what the code needed, about: {subject}."
        + (f" Raised by {issue.group(0)}." if issue else "")
    ]
    cons = consequences or ["Given with each point of the decision above (what follows from it, what it costs)."]
    return "\n".join(
        [
            f"# {record.number:04d}. {record.title}",
            "",
            f"- **Status**: {record.status}",
            f"- **Date**: {record.date}",
            f"- **Area**: {record.area}",
            f"- **Was**: {original}",
            "",
            "## Context",
            "",
            *ctx,
            "",
            "## Decision",
            "",
            *(decision or ["(see the context)"]),
            "",
            "## Consequences",
            "",
            *cons,
            "",
        ]
    )


def set_status(record: Record, status: str, dry_run: bool) -> None:
    text = record.path.read_text(encoding="utf-8")
    new = re.sub(r"^- \*\*Status\*\*: .*$", f"- **Status**: {status}", text, count=1, flags=re.M)
    record.status = status
    if new != text and not dry_run:
        record.path.write_text(new, encoding="utf-8")


def short_title(title: str, area: str) -> str:
    """A record's title for the index: no parenthesis, no leading area word or article, four words."""
    title = re.sub(r"\s*\([^)]*\)", "", title).strip()
    lead = re.match(r"^([^:]{1,24}):\s+(.+)$", title)
    if lead and set(re.findall(r"[a-z]+", lead.group(1).lower())) & set(re.findall(r"[a-z]+", area.lower())):
        title = lead.group(2)
    words = re.sub(r"^(the|a|an) ", "", title, flags=re.I).split()
    short = " ".join(words[:4]).rstrip(",;:")
    return short[:1].upper() + short[1:] + ("…" if len(words) > 4 else "")


INDEX_HEAD = [
    "# Decisions",
    "",
    "One record per decision: context, decision, consequences, date, status. Each number links its record;",
    "the newest of an area last, ~~struck~~ when superseded. To add one: [../decisions.md](../decisions.md).",
    "",
]


def write_index(records: dict[str, Record], dry_run: bool) -> None:
    """The index on one screen: a heading per area, its records a few to a line."""
    lines = list(INDEX_HEAD)
    order = [name for name, _ in AREAS]
    by_area: dict[str, list[Record]] = {}
    for record in sorted(records.values(), key=lambda r: r.number):
        by_area.setdefault(record.area, []).append(record)
    for area in sorted(by_area, key=lambda a: order.index(a) if a in order else len(order)):
        lines.append(f"### {area}")
        entries = []
        for record in by_area[area]:
            label = f"[{record.number:04d}]({record.path.name}) {short_title(record.title, area)}"
            if not record.status.lower().startswith("accepted"):
                label = f"~~{label}~~"
            entries.append(label)
        for start in range(0, len(entries), 5):
            lines.append(" · ".join(entries[start : start + 5]) + (" ·" if start + 5 < len(entries) else ""))
    text = "\n".join(lines).rstrip() + "\n"
    if not dry_run:
        INDEX.write_text(text, encoding="utf-8")


def find_record(records: dict[str, Record], reference: str) -> Record | None:
    reference = reference.strip()
    if re.fullmatch(r"\d{1,4}", reference):
        return next((r for r in records.values() if r.number == int(reference)), None)
    slug = slugify(reference)
    if slug in records:
        return records[slug]
    # The quoted title of a reference may be the start of a longer heading, or the heading of
    # a bold lead inside one ("Tests: one local runtime per test worker").
    matches = [r for r in records.values() if slugify(r.title).startswith(slug) or slug.startswith(slugify(r.title))]
    return max(matches, key=lambda r: r.number) if len(matches) >= 1 and len({m.slug for m in matches}) == 1 else (
        matches[-1] if matches else None
    )


DOC_FILES = ["README.md", "docs"]
CODE_FILES = ["functions/src", "functions/test", "connector/src", "infra", "shared/src", "web/src"]


def fix_links(records: dict[str, Record], entries: list[str], dry_run: bool) -> int:
    changed = 0
    quote = r"[\"“]([^\"”]{1,160})[\"”]"
    # `docs/decisions.md, "Title"` (also across a comment's line break), `decisions.md "Title"`.
    pattern = re.compile(r"((?:docs/)?)decisions\.md(`?)(,?(?:\s|\*|//|\()*(?:sections? )?)" + quote)
    anchor = re.compile(r"(?:\[decisions\.md\])?\((?:docs/)?decisions\.md#([a-z0-9\-]+)\)")
    files: list[Path] = []
    for entry in entries:
        base = ROOT / entry
        if base.is_file():
            files.append(base)
        elif base.is_dir():
            for path in base.rglob("*"):
                if path.suffix in {".md", ".ts", ".tsx", ".mjs", ".mts"} and "node_modules" not in path.parts and "dist" not in path.parts:
                    files.append(path)
    for path in files:
        if path.parent == RECORDS or path == SOURCE:
            continue
        text = path.read_text(encoding="utf-8")
        in_docs = path.parent == ROOT / "docs"

        def target(record: Record, prefix: str) -> str:
            if in_docs and not prefix:
                return f"decisions/{record.path.name}"
            return f"docs/decisions/{record.path.name}"

        def replace(match: re.Match[str]) -> str:
            record = find_record(records, " ".join(match.group(4).replace("*", " ").split()))
            if not record:
                return match.group(0)
            whole = slugify(" ".join(match.group(4).split()))
            if record.slug == whole or record.slug.startswith(whole):
                return f"{target(record, match.group(1))}{match.group(2)}"
            return f"{target(record, match.group(1))}{match.group(2)}{match.group(3)}\"{match.group(4)}\""

        def replace_anchor(match: re.Match[str]) -> str:
            record = next((r for r in records.values() if github_anchor(r.title) == match.group(1)), None)
            if not record:
                record = find_record(records, match.group(1).replace("-", " "))
            if not record:
                return match.group(0)
            link = target(record, "") if in_docs else "docs/decisions/" + record.path.name
            label = f"[decision {record.number:04d}]" if match.group(0).startswith("[") else ""
            return f"{label}({link})"

        new = anchor.sub(replace_anchor, pattern.sub(replace, text))
        if new != text:
            changed += 1
            if not dry_run:
                path.write_text(new, encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    dry_run = "--dry-run" in argv
    text = SOURCE.read_text(encoding="utf-8") if SOURCE.exists() else ""
    _, sections = parse_sections(text)
    records = read_records()
    next_number = max((r.number for r in records.values()), default=0) + 1
    added: list[Record] = []
    for section in sections:
        slug = slugify(section.title)
        if slug in records:
            continue
        context, decision, consequences, supersedes = split_body(section.body)
        named = area_line(section.body)
        area = area_named(named) if named else None
        if not area:
            area = area_of(section.title)
            said = f'its "Area: {named}" names no area' if named else "it has no Area: line"
            print(f'  "{section.title}": {said}; filed under {area} by its title')
        record = Record(
            number=next_number,
            slug=slug,
            title=section.title,
            area=area,
            date=date_of_line(section.line),
            status="Accepted",
            path=RECORDS / f"{next_number:04d}-{slug}.md",
        )
        next_number += 1
        for reference in supersedes:
            if reference.lower() in {"nothing", "none", "-"}:
                continue
            older = find_record(records, reference)
            if older:
                set_status(older, f"Superseded by [{record.number:04d}]({record.path.name})", dry_run)
        if not dry_run:
            RECORDS.mkdir(parents=True, exist_ok=True)
            record.path.write_text(render(record, section, context, decision, consequences), encoding="utf-8")
        records[slug] = record
        added.append(record)
    if not dry_run:
        write_index(records, dry_run)
        if SOURCE.exists() and text != POINTER:
            SOURCE.write_text(POINTER, encoding="utf-8")
    entries = (DOC_FILES if "--fix-links" in argv else []) + (CODE_FILES if "--fix-code-links" in argv else [])
    links = fix_links(records, entries, dry_run) if entries else 0
    print(f"{len(sections)} sections read, {len(added)} records added, {len(records)} records in all"
          + (f", links fixed in {links} files" if entries else "")
          + (" (dry run)" if dry_run else ""))
    for record in added:
        print(f"  + {record.path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
