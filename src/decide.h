/* decide.h - content/noise decisions per element, with a reason word.
 *
 * decide_cc() applies ALGORITHMS.md §1: the threshold C, smoothing by CS
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

enum algo { ALGO_CC, ALGO_LB, ALGO_ENT, ALGO_TIB, ALGO_SIB, ALGO_AUTO, ALGO_COUNT };

const char *algo_name(enum algo a);
/* -1 for an unknown name. */
int algo_parse(const char *name);
/* Is the method implemented in this build? */
int algo_available(enum algo a);

enum reason {
	REASON_NOISE,     /* CC <= C and not rescued */
	REASON_CC,        /* CC > C */
	REASON_SMOOTH,    /* rescued: CS > S and TD > D */
	REASON_OUTLIER,   /* content outside the content region, CS <= S */
	REASON_PINNED,    /* the user's pin (in or out) */
	REASON_PATH,      /* ent: the extraction path's node or inside it */
	REASON_ABOVE,     /* ent: on the path above that node (noise) */
	REASON_NOISE_BLOCK, /* sib: a block found in a sibling page */
	REASON_UNIQUE,    /* sib: content no sibling page has */
	REASON_RELATIVITY,/* tib: link text share >= tib.rel */
	REASON_VER_LOW,   /* tib: veracity below the band */
	REASON_VER_HIGH,  /* tib: veracity above the band */
	REASON_TIB,       /* tib: content */
	REASON_AUTO,      /* auto: the block's probability reaches auto.T */
	REASON_RULE_BODY, /* selected by a site rule's body: XPath */
	REASON_RULE_STRIP,/* removed by a site rule's strip: */
	REASON_DUPLICATE, /* auto: its text is already kept (a hidden copy, a repeat) */
	REASON_COUNT
};

const char *reason_name(enum reason r);

enum pin { PIN_NONE = 0, PIN_IN = 1, PIN_OUT = 2 };

struct decision {
	int n;
	uint8_t *content;   /* 1 content, 0 noise */
	uint8_t *reason;    /* enum reason */
	double *CS;         /* share of same-tag siblings (and self) with CC >= C */
	int region;         /* root of the content region, -1 if none */
	int *scratch;       /* n entries, for decide's own use */
};

void decision_init(struct decision *dc, int n);
void decision_free(struct decision *dc);

/* pins may be NULL; otherwise n entries of enum pin.  The nearest pinned
 * ancestor-or-self of an element decides it. */
void decide_cc(const struct dom *d, const struct metrics *m,
	       const struct params *p, const uint8_t *pins,
	       struct decision *dc);

/* Apply pins on top of any method's decision. */
void decide_apply_pins(const struct dom *d, const uint8_t *pins,
		       struct decision *dc);

#endif
