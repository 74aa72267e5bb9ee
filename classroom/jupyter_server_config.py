# A class server's JupyterLab (classroom/Dockerfile puts this file in
# /usr/local/etc/jupyter/): it opens on the index of the class's language in the student's
# copy of the course, ~/course (the postStart hook of classroom/z2jh-config.yaml makes and
# updates it).  The language is the one value DURAK_NB_LANG (en, ru or uk) of the hub's
# values, the one the kit itself speaks: durak_nb.lessons.launch.start_url reads it.
from durak_nb.lessons.launch import start_url

c = get_config()  # noqa: F821 - given by Jupyter when it loads this file
c.ServerApp.default_url = start_url("course")
