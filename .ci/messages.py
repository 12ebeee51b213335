"""Keep the translations of the player's messages in step with the catalogue (a dev tool).

The catalogue is ``phase10._messages.TEMPLATES`` (ids and English templates); the
translations are ``src/phase10/locale/<lang>/LC_MESSAGES/phase10.po``, each entry keyed by its
id (the gettext context) with the English template as msgid. Babel, a dev dependency only,
reads and writes them; the package reads the compiled ``.mo`` files with the standard
library's :mod:`gettext`.

    python .ci/messages.py update    # add new ids to every .po (untranslated), drop stale ones
    python .ci/messages.py compile   # write every .mo from its .po
    python .ci/messages.py check     # fail if a .po or .mo is behind the catalogue

A translator edits the ``.po`` file of their language (any PO editor works), then runs
``compile``. ``tests/test_messages.py`` fails on a missing, stale or fuzzy translation and on
placeholders that differ from the English template's.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from phase10._messages import LANGUAGES, TEMPLATES  # noqa: E402

LOCALE = ROOT / "src" / "phase10" / "locale"

#: The plural rule of each language, as gettext writes it (Spanish without CLDR's "many").
PLURAL_FORMS = {
    "hu": "nplurals=2; plural=(n != 1);",
    "ru": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
        "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
    "ro": "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);",
    "es": "nplurals=2; plural=(n != 1);",
}


def po_path(lang: str) -> Path:
    """Where the translations of ``lang`` are kept."""
    return LOCALE / lang / "LC_MESSAGES" / "phase10.po"


def template() -> Catalog:
    """The catalogue as a gettext template: one entry per id, its English text as msgid."""
    catalog = Catalog(project="phase10", fuzzy=False)
    for key, entry in TEMPLATES.items():
        msgid = entry.text if entry.plural is None else (entry.text, entry.plural)
        catalog.add(msgid, context=key)
    return catalog


def new_catalog(lang: str) -> Catalog:
    """An empty catalog of ``lang`` with its plural rule."""
    catalog = Catalog(locale=lang, project="phase10", fuzzy=False)
    catalog.mime_headers = [
        *((k, v) for k, v in catalog.mime_headers if k.lower() != "plural-forms"),
        ("Plural-Forms", PLURAL_FORMS[lang]),
    ]
    return catalog


def read(lang: str) -> Catalog:
    """The catalog of ``lang`` as stored (an empty one if there is none yet)."""
    path = po_path(lang)
    if not path.exists():
        return new_catalog(lang)
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def write(lang: str, catalog: Catalog) -> None:
    """Store ``catalog`` as the ``.po`` of ``lang`` (entries in catalogue order)."""
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=0, omit_header=False, sort_output=False, no_location=True)


def compiled(lang: str) -> bytes:
    """The ``.mo`` bytes of the stored ``.po`` of ``lang``."""
    out = io.BytesIO()
    write_mo(out, read(lang))
    return out.getvalue()


def update() -> None:
    """Bring every ``.po`` in step with the catalogue: new ids empty, stale ones dropped."""
    tpl = template()
    for lang in LANGUAGES[1:]:
        catalog = read(lang)
        catalog.update(tpl, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        write(lang, catalog)


def compile_all() -> None:
    """Write every ``.mo`` from its ``.po``."""
    for lang in LANGUAGES[1:]:
        po_path(lang).with_suffix(".mo").write_bytes(compiled(lang))


def problems() -> list[str]:
    """What is behind the catalogue: ids missing or stale in a ``.po``, a ``.mo`` not rebuilt."""
    found: list[str] = []
    for lang in LANGUAGES[1:]:
        catalog = read(lang)
        keys = {key for m in catalog if m.id and (key := m.context) is not None}
        missing = sorted(set(TEMPLATES) - keys)
        stale = sorted(keys - set(TEMPLATES))
        if missing:
            found.append(f"{lang}: missing {missing}")
        if stale:
            found.append(f"{lang}: stale {stale}")
        mo = po_path(lang).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(lang):
            found.append(f"{lang}: {mo.name} is not compiled from the .po: run compile")
    return found


def main(argv: list[str]) -> int:
    """The command line: ``update``, ``compile`` or ``check``."""
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
