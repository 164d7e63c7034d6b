/* cc-decide.h - content/noise decisions per element, with a reason word.
 *
 * decide_cc() applies doc/algorithms.md#cc: the threshold C, smoothing by CS
 * and TD, the outlier reset, and then the user's pins.  It works on arrays
 * the caller owns (struct decision, sized once per page with
 * decision_init) and allocates nothing else but a scratch list, so a
 * threshold change re-decides a page in one linear pass. */
#ifndef PITH_DECIDE_H
#define PITH_DECIDE_H

#include <stdint.h>

#include "dom.h"
#include "metrics.h"
#include "params.h"

/* Why an element is content or noise: X(ID, word, what it means).  The
 * reasons the run path and several methods share; a method lists those it
 * gives in its entry (method.h), and may have reasons of its own there. */
#define REASONS(X) \
	X(NOISE, "noise", "not content by the method's test") \
	X(CC, "cc", "content: CC > C (lb: in a selected region)") \
	X(SMOOTH, "smooth", "rescued by smoothing: CS > S and TD > D") \
	X(OUTLIER, "outlier", "content reset to noise: cc, off the content region (CS <= S); auto, off the reading-order run") \
	X(PINNED, "pinned", "the user's pin, in or out") \
	X(PATH, "path", "ent: the extraction path's content root, or inside it") \
	X(ABOVE, "above", "ent: on the path above the content root") \
	X(NOISE_BLOCK, "noise-block", "sib: a block found again in a sibling page") \
	X(UNIQUE, "unique", "sib: content no sibling page has") \
	X(RELATIVITY, "relativity", "tib: link text share at least tib.rel") \
	X(VER_LOW, "veracity-low", "tib: veracity below the band") \
	X(VER_HIGH, "veracity-high", "tib: veracity above the band") \
	X(TIB, "tib", "tib: content") \
	X(AUTO, "auto", "auto: the block's probability reaches auto.T") \
	X(RULE_BODY, "rule-body", "selected by a site rule's body: line") \
	X(RULE_STRIP, "rule-strip", "removed by a site rule's strip: line") \
	X(DUPLICATE, "duplicate", "auto: its text is already kept (a hidden copy, a repeat)") \
	X(THREAD, "thread", "auto: the message of a post of a forum thread") \
	X(POST_PART, "post-part", "auto: a post's author panel, signature or controls") \
	X(END, "end", "auto: at or after the heading that ends the article") \
	X(SIGNUP, "signup", "auto: in a sign-up box: an e-mail field and the few short lines around it") \
	X(TEMPLATE, "template", "its text stands on half the sibling pages too") \
	X(SITE, "site", "auto: the sibling pages lift it to auto.T: kept where it stands") \
	X(KIND, "kind", "auto: not an article, or no date named: kept as cc keeps it, in cc's content region") \
	X(LINKS, "links", "ent: mostly link text, inside the content root") \
	X(GRID, "grid", "auto: not an article: a card of the grid whose cards the model kept most of") \
	X(HEADING, "heading", "auto: a section's heading or a term, over the kept block it heads") \
	X(TITLE, "title", "auto: a listing: a heading of links between kept blocks, an entry's title") \
	X(CODE, "code", "auto: a code block between kept blocks") \
	X(LIST, "list", "auto: a list's item between kept blocks") \
	X(ITEM, "item", "auto: an item of a list whose other item the model kept") \
	X(TABLE, "table", "auto: a cell of a table of data where the kept blocks are") \
	X(CONTINUED, "continued", "auto: text cc keeps, at the tag path of kept running prose") \
	X(BETWEEN, "between", "auto: documentation or an undated service page: a block between kept blocks, where no block between them is the site's, the end's or a repeat") \
	X(FALLBACK, "fallback", "auto: nothing else was kept: a shown block in no nav, header, footer, aside, form or menu, not links alone")

#define REASON_ENUM(id, name, legend) REASON_##id,
enum reason { REASONS(REASON_ENUM) REASON_COUNT };
#undef REASON_ENUM

/* A method's reason of its own: its word and what it means. */
struct reason_desc {
	const char *word, *legend;
};

/* The word of a reason (one of a method's own too), "?" for none. */
const char *reason_name(enum reason r);
/* What it means, in a line. */
const char *reason_legend(enum reason r);

enum pin { PIN_NONE = 0, PIN_IN = 1, PIN_OUT = 2 };

struct decision {
	int n;
	uint8_t *content;   /* 1 content, 0 noise */
	uint8_t *reason;    /* enum reason */
	double *CS;         /* share of same-tag siblings (and self) with CC >= C */
	int region;         /* root of the content region, -1 if none */
	int *scratch;       /* n entries, for decide's own use */
	/* per text node: 1 leaves it out of the text whatever its block's
	 * decision (auto: a signature inside a post's message); NULL when
	 * none is; owned */
	uint8_t *text_drop;
};

void decision_init(struct decision *dc, int n);
void decision_free(struct decision *dc);

/* pins may be NULL; otherwise n entries of enum pin.  The nearest pinned
 * ancestor-or-self of an element decides it. */
void decide_cc(const struct dom *d, const struct metrics *m,
	       const struct params *p, const uint8_t *pins,
	       struct decision *dc);

/* Apply pins on top of any method's decision.  mask (n entries, or NULL)
 * gets, per element, 1 (keep its text) or 2 (drop it) under a pin and 0
 * elsewhere, for extract_text_mask(): a pin on an inline element acts on
 * exactly its text. */
void decide_apply_pins(const struct dom *d, const uint8_t *pins,
		       struct decision *dc, uint8_t *mask);

#endif
