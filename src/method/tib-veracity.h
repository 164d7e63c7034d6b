/* tib-veracity.h - DOM pruning for Tibetan pages (doc/algorithms.md#tib):
 * the per-element figures Relativity and Veracity, and the decision,
 * generalised to CJK, Latin and Arabic script.
 *
 * Detection: script.h (the page's dominant script, its Tibetan verdict,
 * a legacy Tibetan font; page_script() keeps them for the page).  On a
 * page in an ASCII-based legacy font (improvement) tib.script=auto counts
 * the font's syllable dot '-' (0x2D in the paper's table 1) over all
 * non-link code points, with the Tibetan band, so such a page is not
 * simply emptied.
 *
 * Figures per element i, all over i's subtree, so a parent's counts are
 * the sums of its children's and of its own text (eqs. 3-4 read as sums of
 * the counts, not of the ratios):
 *   LinkContentLength = metrics LT[i] (link text code points)
 *   ContentLength     = TA[i] + LT[i] (all text code points)
 *   Relativity        = LT / (TA + LT); 0 when there is no text
 *   SyllableDotCount  = dots[i]: tsheg in non-link text; with a generalised
 *                       signal, the script's sentence punctuation instead
 *   NodeContentLength = len[i]: non-link code points in U+0F00-U+0FFF
 *                       (dots, shad and Tibetan digits included); with a
 *                       generalised signal, all non-link code points (TA)
 *   Veracity          = dots / len; 0 when len is 0
 * The signal (tib.script): tibetan forces the paper's; auto uses it on a
 * Tibetan page (or one where Tibetan is dominant), and otherwise the
 * dominant script's sentence punctuation: CJK "。，、！？" (U+3002 U+FF0C
 * U+3001 U+FF01 U+FF1F) and ".,!?" (Korean writes Western marks); Arabic
 * script "۔،؟؛" (U+06D4 U+060C U+061F U+061B) and ".!:" (Arabic and
 * Uyghur end sentences with '.'); ".,;:!?" for Latin and every other
 * script (Cyrillic, Greek, ...).
 *
 * Decision (decide_tib), per element on its own figures: noise with reason
 * relativity when Relativity >= tib.rel; else noise with veracity-low or
 * veracity-high when Veracity is outside the band [lo, hi]; else content
 * (reason tib).  Then the pins.  Text goes out by block, as for every
 * method: a text node is emitted when its block is content.
 *
 * Interpretation: the paper prunes top-down (a pruned node takes its
 * subtree with it) yet wants "a child with topical text kept inside a
 * link-heavy parent" (eqs. 3-4).  pith decides every element on its own
 * subtree figures and never lets an ancestor's verdict override it, so a
 * paragraph survives inside a link-heavy div, and a link list inside a
 * content div is still pruned on its own figures.  The price: a short
 * heading over a link list ("Related news") passes on its own figures
 * although its link-heavy parent is pruned.  Elements without text have
 * Relativity 0 and Veracity 0 and are noise (veracity-low); having no text
 * they change nothing in the output.  Relativity is tested first, so a
 * node pruned for links reports relativity whatever its Veracity.
 *
 * The band: on the Tibetan signal lo = tib.ver_min, hi = tib.ver_max (the
 * paper's 0.125 and 0.6).  A generalised signal has its own band, derived
 * from the dev set (../shared/bench/dev, doc/algorithms.md) and scaled by
 * the parameters, so the parameters keep their meaning as multipliers:
 * lo = tib.ver_min * LO / 0.125, hi = tib.ver_max * HI / 0.6, with
 * (LO, HI) = TIB_CJK_LO/HI, TIB_LATIN_LO/HI, TIB_ARABIC_LO/HI below.
 *
 * Ownership: tib_figures_compute returns a struct owning its arrays
 * (tib_figures_free, NULL accepted); decide_tib writes only into the
 * caller's struct decision.  No I/O, no globals; nothing here fails except
 * allocation, which aborts.  Everything is linear in the text. */
#ifndef PITH_TIBETAN_H
#define PITH_TIBETAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "method/cc-decide.h"
#include "dom.h"
#include "metrics.h"
#include "params.h"
#include "script.h"

/* The generalised bands (see above).  Rule: [P5 / 2, 2 * P95] of the
 * punctuation density of the gold paragraphs of the dev set's aeb pages
 * (weighted by characters), rounded; the paper's Tibetan band is about as
 * wide around its 0.2.  Latin (105 pages): P5 0.0086, P95 0.042.  CJK
 * (3 pages, Japanese and Korean): P5 0.023, P95 0.080.  Arabic script: no
 * dev page; Latin's band (the Uyghur sample's paragraphs: 0.02-0.04). */
#define TIB_CJK_LO     0.011
#define TIB_CJK_HI     0.16
#define TIB_LATIN_LO   0.004
#define TIB_LATIN_HI   0.085
#define TIB_ARABIC_LO  TIB_LATIN_LO
#define TIB_ARABIC_HI  TIB_LATIN_HI

struct tib_figures {
	int n;
	int setting;            /* the tib.script it was computed for */
	enum script_id signal;  /* SCRIPT_TIBETAN, _CJK, _LATIN or _ARABIC */
	bool legacy;            /* Tibetan in an ASCII-based font: '-' is the dot */
	int *dots;              /* SyllableDotCount */
	int *len;               /* NodeContentLength */
	double *rel;            /* Relativity */
	double *ver;            /* Veracity */
};

/* setting is params.tib_script (enum tib_script). */
struct tib_figures *tib_figures_compute(const struct dom *d,
					const struct metrics *m,
					const struct script_detect *det,
					int setting);
void tib_figures_free(struct tib_figures *f);
/* The veracity band [lo, hi] that applies to f. */
void tib_band(const struct tib_figures *f, const struct params *p,
	      double *lo, double *hi);

void decide_tib(const struct dom *d, const struct metrics *m,
		const struct tib_figures *f, const struct params *p,
		const uint8_t *pins, struct decision *dc);

#endif
