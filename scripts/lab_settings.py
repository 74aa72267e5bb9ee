"""JupyterLab's settings for the course, written into the environment's overrides.json
(merged with what is there); `scripts/lab.sh` and `binder/postBuild` both run it.

- Save the widgets' state with the notebook (JupyterLab's "Save Widget State
  Automatically"), so that a lesson saved after running and opened again shows its
  replayers and widgets as they were, not "Error displaying widget: model not found".
- No "Would you like to get notified about official Jupyter news?" over the first lesson,
  and no request to the news feed or for JupyterLab updates: the course works offline.
- With `--lab-locale`: JupyterLab's own menus in the user's language (durak_nb.i18n's
  default: DURAK_NB_LANG, else the locale; the language packs are installed with the kit;
  "default" is English). A bad DURAK_NB_LANG leaves English here; lab.sh says why.
  In Russian and Ukrainian the status bar's cell counter («Cell 27/27», new in
  JupyterLab 4.6, not in the language packs yet) is left out (the environment's
  labconfig/page_config.json, as `jupyter labextension disable` writes it), as the
  site's editions leave it out (durak_nb.site.build.EDITION_DISABLED), and a folded
  heading shows JupyterLab's unfold arrow, not its «+ 1 cell hidden» button, which
  JupyterLab 4.6 shows in English (EDITION_SETTINGS).
"""

import json
import pathlib
import sys

path = pathlib.Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
path.parent.mkdir(parents=True, exist_ok=True)
data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
data.setdefault("@jupyter-widgets/jupyterlab-manager:plugin", {})["saveState"] = True
notification = data.setdefault("@jupyterlab/apputils-extension:notification", {})
notification.update(fetchNews="false", checkForUpdates=False)
if "--lab-locale" in sys.argv[1:]:
    from durak_nb.i18n import default_language
    from durak_nb.site.build import EDITION_DISABLED, EDITION_SETTINGS
    from durak_nb.site.landing import LAB_LOCALES

    try:
        lab_locale = LAB_LOCALES.get(default_language(), "default")
    except ValueError:
        lab_locale = "default"
    data.setdefault("@jupyterlab/translation-extension:plugin", {})["locale"] = lab_locale

    for plugin, values in EDITION_SETTINGS.items():
        for key, value in values.items():
            if lab_locale == "default":
                data.get(plugin, {}).pop(key, None)
            else:
                data.setdefault(plugin, {})[key] = value

    page_config = pathlib.Path(sys.prefix) / "etc" / "jupyter" / "labconfig" / "page_config.json"
    page_config.parent.mkdir(parents=True, exist_ok=True)
    page = json.loads(page_config.read_text(encoding="utf-8")) if page_config.exists() else {}
    disabled = page.setdefault("disabledExtensions", {})
    for plugin in EDITION_DISABLED:
        if lab_locale == "default":
            disabled.pop(plugin, None)
        else:
            disabled[plugin] = True
    page_config.write_text(json.dumps(page, indent=2) + "\n", encoding="utf-8")
path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
