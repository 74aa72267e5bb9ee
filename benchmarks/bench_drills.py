"""The time a drill takes to make, per kind, in English, Russian and Ukrainian (issue 20).

Each kind is made for seeds 0..N-1 (``N`` = the first argument, default 10) in each
language, its texts rendered (context, question, options, the reasons, the verdict); the
median and the slowest time per drill are printed, and once the time the grammar
(:mod:`durak_nb.grammar`: the dictionaries loaded on first use) takes to start.

    PYTHONPATH=. python benchmarks/bench_drills.py [N]
"""

from __future__ import annotations

import statistics
import sys
import time


def main() -> None:
    from durak_nb.i18n import language
    from durak_nb.lessons import drills

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    from durak_nb import i18n

    if not hasattr(i18n, "Phrase"):  # the kit before issue 20: templates, no grammar
        print("grammar: none (the kit before issue 20)")
    else:
        from durak_nb import grammar

        t0 = time.perf_counter()
        grammar.analyzer("ru"), grammar.analyzer("uk")
        print(f"grammar: dictionaries loaded in {time.perf_counter() - t0:.2f} s (once per process)")
    print(f"{'kind':<15} " + " ".join(f"{lang + ' median':>10} {lang + ' max':>8}" for lang in ("en", "ru", "uk")))
    for kind in drills.KINDS:
        row = []
        for lang in ("en", "ru", "uk"):
            times = []
            with language(lang):
                for seed in range(n):
                    t0 = time.perf_counter()
                    d = drills.make(kind, seed)
                    words = [d.context, d.question, *d.options, d.reason, *d.mistakes, d.check(d.answer).text]
                    times.append(time.perf_counter() - t0)
                    assert all(isinstance(w, str) for w in words)
            row.append(f"{statistics.median(times) * 1000:>8.1f}ms {max(times) * 1000:>6.0f}ms")
        print(f"{kind:<15} " + " ".join(row))


if __name__ == "__main__":
    main()
