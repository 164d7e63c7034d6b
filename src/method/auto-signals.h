/* auto-signals.h - the signals the auto method combines, one vector per text
 * block (an element that is the block of some visible text).
 *
 * Every feature is computed from what the other stages already hold: the
 * node table, the CC figures and decision, the line-block regions, the
 * page's markup (semantic elements, class and id words, JSON-LD
 * articleBody).  features_compute() fills a caller-owned struct features
 * (features_free releases it); no I/O, linear in the page. */
#ifndef PITH_SIGNALS_H
#define PITH_SIGNALS_H

#include "method/auto-kind.h"
#include "page.h"

/* X(ID, name, what it says, what 0 says, compute): the inspector shows a
 * block's value with what it says, or, when the value is 0, with what 0
 * says (a tree's step on a 0 is as much a reason as one on a 1);
 * doc/algorithms.md's table is made from both.  compute (signals.c)
 * gives a block's value of a base signal, NULL for the context signals,
 * which context() sets from the first stage. */
#define FEATURES(X) \
	X(BIAS,        "bias", "the constant 1: the model's base and the trees' roots", \
	  "never 0", sig_bias) \
	X(LOG_CHARS,   "log_chars", "log(1 + characters of the block's own text)", \
	  "never 0: a block has text", sig_log_chars) \
	X(LINK_DENSITY, "link_density", "link characters / all characters, own text", \
	  "none of its own text is a link", sig_link_density) \
	X(LOG_CC,      "log_cc", "log(1 + CC) of the block element", \
	  "CC 0: no text outside links in it", sig_log_cc) \
	X(LOG_TD,      "log_td", "log(1 + TD)", "never 0: TD is above 0", sig_log_td) \
	X(CS,          "cs", "CS at the default C: share of its same-tag siblings, itself too, with CC >= C", \
	  "none of its same-tag siblings, itself too, has CC >= C (the default C)", sig_cs) \
	X(PARENT_LD,   "parent_ld", "link density of the parent's subtree", \
	  "no link text in its parent", sig_parent_ld) \
	X(GRAND_LD,    "grand_ld", "link density of the grandparent's subtree", \
	  "no link text in its grandparent", sig_grand_ld) \
	X(CONTAINER,   "container", "parent's TA / body's TA", \
	  "its parent has no text outside links", sig_container) \
	X(POSITION,    "position", "share of the page's text before the block", \
	  "no text before it: the page's first block", sig_position) \
	X(PUNCT,       "punct", "sentence punctuation marks per ten characters (any script)", \
	  "no sentence punctuation in its text", sig_punct) \
	X(ENDS_PUNCT,  "ends_punct", "the text ends with sentence punctuation", \
	  "its text does not end with sentence punctuation (a comma does not end one)", \
	  sig_ends_punct) \
	X(TAG_HEADING, "tag_heading", "h1-h6", "not a heading (h1-h6)", sig_tag_heading) \
	X(TAG_P,       "tag_p", "a p element", "not a p element", sig_tag_p) \
	X(TAG_LI,      "tag_li", "li, dd, dt", "not li, dd or dt", sig_tag_li) \
	X(TAG_CELL,    "tag_cell", "td, th", "not td or th", sig_tag_cell) \
	X(TAG_PRE,     "tag_pre", "pre, blockquote", "not pre or blockquote", sig_tag_pre) \
	X(SEMANTIC,    "semantic", "inside article, main, [itemprop=articleBody], [role=main]", \
	  "in none of article, main, [itemprop=articleBody], [role=main]", sig_semantic) \
	X(NEG_WORD,    "neg_word", "its or an ancestor's class/id says share, related, footer, nav, ...", \
	  "no class/id on it or above says share, related, footer, nav, ...", sig_neg_word) \
	X(POS_WORD,    "pos_word", "its or an ancestor's class/id says article, content, post, story, ...", \
	  "no class/id on it or above says article, content, post, story, ...", sig_pos_word) \
	X(NEG_TAG,     "neg_tag", \
	  "inside nav, aside, footer, menu, a header or a role of banner outside article, section and main, an element of another landmark's role (navigation, contentinfo, complementary, search, menu, menubar), or a form with a visible control not wrapping half the page's text", \
	  "in no nav, aside, footer or menu, no header or banner but in article, section or main, no other landmark's role, and in no form but one wrapping half the page's text or with no visible control", \
	  sig_neg_tag) \
	X(CC_CONTENT,  "cc_content", "the CC method keeps it", "the CC method drops it", sig_cc_content) \
	X(CC_REGION,   "cc_region", "inside the CC content region", \
	  "outside the CC content region, or there is none", sig_cc_region) \
	X(LB_REGION,   "lb_region", "its source line lies in a line-block region", \
	  "its source line lies in no line-block region", sig_lb_region) \
	X(JSONLD,      "jsonld", "share of its words in JSON-LD articleBody, if any", \
	  "none of its words in a JSON-LD articleBody, or the page has none", sig_jsonld) \
	X(HAS_JSONLD,  "has_jsonld", "the page has a JSON-LD articleBody", \
	  "the page has no JSON-LD articleBody", sig_has_jsonld) \
	X(COPYRIGHT,   "copyright", "its text says ©, \"copyright\" or \"all rights reserved\"", \
	  "no ©, \"copyright\" or \"all rights reserved\" in its text", sig_copyright) \
	X(SIB_LONG,    "sib_long", "share of sibling blocks with >= 80 characters", \
	  "no block under its parent, itself too, has 80 characters", sig_sib_long) \
	X(COMMENT,     "comment", "its or an ancestor's class/id says comment, reply, respond, disqus, discussion (not a state: has-comments)", \
	  "no class/id on it or above says comment, reply, respond, disqus, discussion but as a state (has-, no-, with-, without-comments), or it is in a forum thread's replies", \
	  sig_comment) \
	X(HIDDEN,      "hidden", "inside an element with the hidden attribute, display:none, visibility:hidden or data-nosnippet", \
	  "visible: no hidden attribute, display:none, visibility:hidden or data-nosnippet on it or above, but on a panel the page opens on demand (a tab's, an accordion's, a question's answer, a segment the server streams) or on a wrapper that hides itself until a script runs (nine tenths of the page's text, or of main's)", \
	  sig_hidden) \
	X(CAPTION,     "caption", "inside figure/figcaption, or a class/id says caption or credit (a table only in a figcaption)", \
	  "in no figure or figcaption, and no class/id on it or above says caption or credit, or in a table out of a figcaption", \
	  sig_caption) \
	X(TAG_H1,      "tag_h1", "h1: the headline, which is not body text", "not an h1", sig_tag_h1) \
	/* context, from the first stage's probabilities (see features_compute) */ \
	X(IN_CORE,     "in_core", "inside the core: the container the likely content gathers in", \
	  "outside the core: the container the likely content gathers in", NULL) \
	X(CORE_DIST,   "core_dist", "log(1 + tree steps between the block and the core)", \
	  "the block is the core", NULL) \
	X(LOCAL_NEG,   "local_neg", "a negative class/id word or tag below where block and core meet", \
	  "no negative class/id word or tag below where block and core meet", NULL) \
	X(NEIGH_P,     "neigh_p", "mean first-stage probability of the blocks before and after (its own when alone)", \
	  "the blocks before and after have first-stage probability 0 (its own, when alone)", NULL) \
	/* the page's shape (auto-kind.h): the same on every block of a page */ \
	X(REPEAT,      "repeat", "inside an item repeated 3+ times among its siblings (same tag and class, instance ids aside)", \
	  "in no item repeated 3+ times among its siblings", sig_repeat) \
	X(PAGE_LINK,   "page_link", "link characters / all characters of the page's blocks", \
	  "no link text in the page's blocks", sig_page_link) \
	X(PAGE_PROSE,  "page_prose", "share of the page's text in blocks of 80+ characters ending a sentence", \
	  "no block of 80+ characters ends a sentence", sig_page_prose) \
	X(PAGE_REPEAT, "page_repeat", "share of the page's text inside repeated items", \
	  "no text inside repeated items", sig_page_repeat) \
	X(PAGE_CODE,   "page_code", "share of the page's text in pre, code, kbd, samp, tt or var", \
	  "no text in pre, code, kbd, samp, tt or var", sig_page_code) \
	X(PAGE_FORM,   "page_form", "log(1 + form controls: input, select, textarea, button)", \
	  "no form controls", sig_page_form) \
	X(PAGE_HEADS,  "page_heads", "log(1 + h2-h6 headings with text)", \
	  "no h2-h6 heading with text", sig_page_heads) \
	X(PAGE_KIND,   "page_kind", "the kind of page taken (auto-kind.h): 0 article, 1 forum, 2 documentation, 3 product, 4 listing, 5 service", \
	  "the page is taken for an article", sig_page_kind)


enum feature {
#define F_ENUM(id, name, what, zero, fn) F_##id,
	FEATURES(F_ENUM)
#undef F_ENUM
	F_COUNT,
	F_BASE_COUNT = F_IN_CORE    /* the first stage's features */
};

extern const char *const feature_names[F_COUNT];
/* What each signal says, in a line; what its value 0 says. */
extern const char *const feature_meanings[F_COUNT];
extern const char *const feature_zero_meanings[F_COUNT];

struct features {
	int nblocks;
	int *block;                 /* element id of each block */
	float (*x)[F_COUNT];        /* the vectors */
	int *chars;                 /* visible characters of each block */
	double *scratch;            /* nblocks entries for the caller's use */
	int core;                   /* the core element, -1 if none */
	struct page_figures page;   /* the page's shape (in_repeat freed) */
	enum page_kind kind;        /* what the page is taken for */
	char kind_why[160];         /* and why, in a line */
};


/* pg must be parsed; a CC decision and a line-block view of it are
 * computed with default parameters for the features that use them.
 *
 * Two stages: the base features (F_BIAS to F_HIDDEN) of every block give
 * a first probability p (auto_stage1(), the model's first weight vector).
 * The core is the element whose subtree gathers the largest positive sum
 * of (p - 1/2) x characters over its blocks, the deepest on a tie, taken
 * among the elements with no negative class/id word, negative tag or
 * hidden style on or above them when one of those has a positive sum;
 * the body when none has.  The context features say
 * where each block stands relative to the core. */
/* stage1: the first stage's weights, one per base feature (F_BIAS to
 * F_HIDDEN): p = 1 / (1 + exp(-sum w x)). */
void features_compute(const struct page *pg, const float *stage1, struct features *f);
void features_free(struct features *f);

/* Words, as the signals count them: a run of letters or digits, or one
 * CJK character; word_hash() folds ASCII case. */
typedef void (*word_fn)(const unsigned char *w, size_t n, void *arg);
void each_word(const char *s, size_t n, word_fn fn, void *arg);
uint64_t word_hash(const unsigned char *s, size_t n);

/* A set of non-zero 64-bit hashes (zero-initialise; wordset_free). */
struct wordset {
	uint64_t *slot;
	size_t cap, n;
};
void wordset_add(struct wordset *w, uint64_t h);
bool wordset_has(const struct wordset *w, uint64_t h);
void wordset_free(struct wordset *w);

#endif
