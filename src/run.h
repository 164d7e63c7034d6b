/* run.h - one page through one method: the only way any front-end
 * (extract, dump, rules test, the inspector) gets a decision and a text.
 *
 * run_page() decides every element with the method (or the site rule's
 * body:, when it matches), then applies the pins and the rule's strip:
 * and pith_pin lines through one per-element mask, so that a pin or a
 * strip on an inline element removes exactly its text, and writes the
 * text.  The inspector calls it again after every change with the same
 * struct run; everything in it belongs to the run (run_free). */
#ifndef PITH_RUN_H
#define PITH_RUN_H

#include "method/method.h"
#include "rules/rules.h"

struct run {
	const struct method *method;    /* the method that decided (a rule may name another) */
	void *state;                    /* the method's per-page object */
	const struct method *state_of;  /* the method that made state */
	struct decision dc;
	uint8_t *mask;                  /* per element: 0 content[] decides, 1 keep, 2 drop */
	bool masked;                    /* some pin or rule line set the mask */
	struct buf text;
	const struct rule *rule;        /* the site rule applied, or NULL */
	struct rules_outcome outcome;   /* what it selected (when rule) */
	/* Methods with a text of their own (lb): per line of that text,
	 * kept (1 by the method, 2 pinned in) and its group, -1 for none. */
	uint8_t *line_keep;
	int *line_group;
	int nlines;
	bool by_lines;                  /* the text is the method's lines (line_keep) */
	bool by_rule;                   /* the rule's body: decided, not the method */
};

/* Everything a run of one page is given. */
struct run_input {
	const struct method *method;
	const struct params *params;
	const void *site;         /* method's site state, or NULL */
	int index;                /* the page among the site's pages, -1 */
	const uint8_t *pins;      /* n entries of enum pin, or NULL */
	const struct rule *rule;  /* a matching site rule, or NULL */
	rules_diag diag;          /* the rule's XPath errors, or NULL */
	void *diag_ctx;
	struct extract_span *spans;   /* ntexts entries to fill, or NULL */
	bool ftr_only;            /* apply the rule as an ftr reader does: body:,
				     strip:, no pith_ lines (the method
				     stands in for its own detection) */
	unsigned rule_how;        /* more RULES_* ways of reading the rule */
};

void run_init(struct run *r);
/* Decide and extract; r->text holds the text (and nothing older). */
void run_page(struct run *r, struct page *pg, const struct run_input *in);
void run_free(struct run *r);

/* How much of text (what the inspector shows) rule gives on pg: the
 * character F1 of the rule's text applied as ftr readers do (the worse
 * of graby's and Full-Text RSS's strip_id_or_class) and as
 * pith extract --rules does (method m with p where no body: matches).
 * The page's title and date may be replaced by the rule's. */
void run_rule_check(struct page *pg, const struct rule *rule, const struct method *m,
		    const struct params *p, const char *text, size_t len, double *f_ftr,
		    double *f_pith);

/* Per element, the last source line its subtree covers (n entries,
 * caller frees). */
int *run_last_lines(const struct dom *d);

/* The site state for method m from the loaded pages, NULL when the
 * method needs none or there are too few pages. */
void *run_site_new(const struct method *m, const struct site_pages *sp,
		   const struct params *p, FILE *verbose);
void run_site_free(const struct method *m, void *site);

#endif
