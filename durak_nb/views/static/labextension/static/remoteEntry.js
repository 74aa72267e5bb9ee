// durak-nb-lesson-style: a prebuilt JupyterLab federated extension with nothing but a style
// sheet (durak_nb.views.offline), written by hand: the container JupyterLab 4, Notebook 7 and
// JupyterLite load from `jupyterlab._build.load` (window._JUPYTERLAB[name], with init and get),
// exposing the one module named in `jupyterlab._build.style`.
(function () {
  "use strict";
  var NAME = "durak-nb-lesson-style";
  // A cell whose code is hidden (metadata jupyter.source_hidden) shows, by default, a
  // placeholder with the code's first line ("from durak_nb import set_language •••"): a
  // learner reads no code, so the hidden input takes no room at all. View > Expand All Code
  // (or a click on the cell's collapser bar when the cell is selected) still shows it.
  // Such a cell's output has no execution count beside it either ("[5]:" is code's).
  // A folded heading («For teachers») folds the words of its own cell under the heading
  // too, not only the cells after it: the heading alone shows until it is unfolded.
  // A lesson (a notebook with hidden code) ends with its last words, not with the
  // notebook's footer «Click to add a cell.» (a learner writes no cells; the toolbar's +
  // and the B key still add one). Other notebooks keep their footer.
  var CSS = [
    ".jp-Cell-inputWrapper:has(.jp-InputPlaceholder) { display: none; }",
    ".jp-Cell .jp-InputPlaceholder { display: none; }",
    ".jp-CodeCell:has(.jp-InputPlaceholder) .jp-OutputPrompt { visibility: hidden; }",
    ".jp-MarkdownCell.jp-MarkdownHeadingCollapsed .jp-RenderedMarkdown:has(> :is(h1, h2, h3, h4, h5, h6):first-child)" +
      " > :not(:first-child) { display: none; }",
    ".jp-Notebook:has(.jp-InputPlaceholder) .jp-Notebook-footer { display: none; }"
  ].join("\n");
  function style() {
    if (!document.getElementById(NAME)) {
      var el = document.createElement("style");
      el.id = NAME;
      el.textContent = CSS;
      document.head.appendChild(el);
    }
    return {};
  }
  var container = {
    init: function () {
      return Promise.resolve();
    },
    get: function (module) {
      if (module === "./style") {
        return Promise.resolve(function () {
          return style();
        });
      }
      return Promise.reject(new Error(NAME + " has no module " + module));
    }
  };
  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB[NAME] = container;
})();
