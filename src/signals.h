/* signals.h - the signals the auto method combines, one vector per text
 * block (an element that is the block of some visible text).
 *
 * Every feature is computed from what the other stages already hold: the
 * node table, the CC figures and decision, the line-block regions, the
 * page's markup (semantic elements, class and id words, JSON-LD
 * articleBody).  features_compute() fills a caller-owned struct features
 * (features_free releases it); no I/O, linear in the page. */
#ifndef PITH_SIGNALS_H
#define PITH_SIGNALS_H

#include "page.h"

#define FEATURES(X) \
	X(BIAS,        "bias")          /* 1 */ \
	X(LOG_CHARS,   "log_chars")     /* log(1 + characters of the block's own text) */ \
	X(LINK_DENSITY, "link_density")  /* link characters / all characters, own text */ \
	X(LOG_CC,      "log_cc")        /* log(1 + CC) of the block element */ \
	X(LOG_TD,      "log_td")        /* log(1 + TD) */ \
	X(CS,          "cs")            /* CS at the default C */ \
	X(PARENT_LD,   "parent_ld")     /* link density of the parent's subtree */ \
	X(GRAND_LD,    "grand_ld")      /* ... of the grandparent's */ \
	X(CONTAINER,   "container")     /* parent's TA / body's TA */ \
	X(POSITION,    "position")      /* share of the page's text before the block */ \
	X(PUNCT,       "punct")         /* sentence punctuation per character (any script) */ \
	X(ENDS_PUNCT,  "ends_punct")    /* the text ends with sentence punctuation */ \
	X(TAG_HEADING, "tag_heading")   /* h1-h6 */ \
	X(TAG_P,       "tag_p")         \
	X(TAG_LI,      "tag_li")        /* li, dd, dt */ \
	X(TAG_CELL,    "tag_cell")      /* td, th */ \
	X(TAG_PRE,     "tag_pre")       /* pre, blockquote, figcaption */ \
	X(SEMANTIC,    "semantic")      /* inside article, main, [itemprop=articleBody], [role=main] */ \
	X(NEG_WORD,    "neg_word")      /* an ancestor's class/id says comment, share, related, footer, ... */ \
	X(POS_WORD,    "pos_word")      /* an ancestor's class/id says article, content, post, story, ... */ \
	X(NEG_TAG,     "neg_tag")       /* inside nav, aside, footer, header, form, menu */ \
	X(CC_CONTENT,  "cc_content")    /* the CC method keeps it */ \
	X(CC_REGION,   "cc_region")     /* inside the CC content region */ \
	X(LB_REGION,   "lb_region")     /* its source line lies in a line-block region */ \
	X(JSONLD,      "jsonld")        /* share of its words in JSON-LD articleBody, if any */ \
	X(HAS_JSONLD,  "has_jsonld")    /* the page has a JSON-LD articleBody */ \
	X(COPYRIGHT,   "copyright")     /* ©, "copyright", "all rights reserved" */ \
	X(SIB_LONG,    "sib_long")      /* share of sibling blocks with >= 80 characters */

enum feature {
#define F_ENUM(id, name) F_##id,
	FEATURES(F_ENUM)
#undef F_ENUM
	F_COUNT
};

extern const char *const feature_names[F_COUNT];

struct features {
	int nblocks;
	int *block;                 /* element id of each block */
	float (*x)[F_COUNT];        /* the vectors */
	int *chars;                 /* visible characters of each block */
	double *scratch;            /* nblocks entries for the caller's use */
};

/* pg must be parsed; its CC decision and line-block view are (re)computed
 * with default parameters for the features that use them. */
void features_compute(struct page *pg, struct features *f);
void features_free(struct features *f);

#endif
