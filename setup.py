"""The build compiles the translators' catalogues (``durak_nb/locale/*/LC_MESSAGES/*.po``)
into ``.mo`` files inside the wheel, with Babel (issue 11); everything else is in
pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogues(build_py):
    """``build_py`` that also writes every catalogue's ``.mo`` next to its ``.po``."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path(self.build_lib, "durak_nb", "locale").glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as fp:
                catalog = read_po(fp)
            with po.with_suffix(".mo").open("wb") as fp:
                write_mo(fp, catalog, use_fuzzy=False)


setup(cmdclass={"build_py": BuildWithCatalogues})
