/* learn-int.h - what learn-lines.c (which judges the body: and strip:
 * lines over the pages) and learn-cands.c (which makes the candidate
 * expressions from a page's elements) share and nobody else needs.  A
 * struct cands owns its strings; learn_cands_free() frees them. */
#ifndef PITH_LEARN_INT_H
#define PITH_LEARN_INT_H

#include "rules/rules.h"
#include "rules/learn.h"
#include "run.h"

/* Candidate expressions, each once, in the order first added. */
struct cands {
	char **v;
	int n, cap;
};

/* s added to c unless c has it already. */
void learn_cand_add(struct cands *c, const char *s);
void learn_cands_free(struct cands *c);
/* Expressions for element e from its own stable attributes (id,
 * itemprop, role, class tokens, a semantic tag: a strip's kinds when
 * for_strip, else a body's), added to c. */
void learn_own_cands(const struct dom *d, int e, bool for_strip, struct cands *c);
/* An expression for the nearest ancestor of e (below body) with an id
 * or class, into out and its element into *anc; false when there is
 * none. */
bool learn_anchor_expr(const struct dom *d, int e, int *anc, struct buf *out);
/* Patterns of e's text (tag's) that a recurring notice would share,
 * added to c. */
void learn_text_patterns(const struct dom *d, int e, const char *tag, struct cands *c);
/* Does all of e's text sit inside links (a_tag's elements)? */
bool learn_all_link_text(const struct dom *d, int e, int a_tag);
/* Each "//..." branch of every expression in c put under scope. */
void learn_scope_cands(struct cands *c, const char *scope);

/* The id and class tokens the last step of expr tests (@id='X',
 * @class='X', the concat idiom's ' X '), at most max, into tok; *single
 * when that step is //TAG[one such test] alone. */
int learn_step_tokens(const char *expr, char tok[][128], int max, bool *single);
/* What run r keeps of d, per text node (a pin's or a rule's mask, the
 * rule's strips, else the method's decision); the caller frees it. */
uint8_t *learn_kept_texts(const struct run *r, const struct dom *d);
/* pg through m with rule r, as pith extract --rules runs it, its own
 * title, date and author kept; run_free(run) afterwards. */
void learn_run_rule(struct run *run, struct page *pg, const struct rule *r,
		    const struct method *m, const struct params *p);
/* The pins of pages[0..n) made lines of r where its lines do not yet
 * reproduce them: a strip: for a pin out, a branch of the body: line
 * for a pin in, each taking nothing screen[] (what each page shows)
 * keeps, or keeping nothing it drops, on any page.  A line each to log;
 * each pin that no expression reproduces to why, with its page and the
 * reason.  The count of those. */
int learn_pin_lines(const struct learn_page *pages, int n, const uint8_t *const *screen,
		    struct rule *r, const struct method *m, const struct params *p,
		    struct buf *log, struct buf *why);

#endif
