/* method.h - the extraction methods, one table entry each.
 *
 * A method is a const struct method (one method-*.c file each, in the
 * habit of tmux's modes): what it builds from the other pages of a run,
 * how it decides every element of one page, the figures it adds to the
 * node table and how it explains one element.  Nothing outside the
 * method-*.c files and this table asks which method it is: every
 * front-end runs a page through run.h with a method pointer.
 *
 * Per-page state (a method's figures for one page) and per-site state
 * (built once from a run's pages) belong to the method: it allocates them
 * in decide / site_new and frees them in state_free / site_free.  No I/O
 * here but the verbose report, written to the FILE it is given. */
#ifndef PITH_METHOD_H
#define PITH_METHOD_H

#include <stdbool.h>
#include <stdio.h>

#include "method/cc-decide.h"
#include "page.h"
#include "params.h"

struct run;

/* Which other pages a method's site state is built from. */
enum method_site_pages {
	SITE_NONE,               /* the page alone */
	SITE_INPUTS_SIBLINGS,    /* ent: every input and --siblings page, in that order */
	SITE_SIBLINGS_OR_INPUTS, /* sib: --siblings pages, else the other inputs */
	SITE_SIBLINGS,           /* auto: the --siblings pages only, when given */
};

/* The pages a site is built from: pages[i] has no dom when it failed to
 * load; path[i] is its real path (a page is not its own sibling). */
struct site_pages {
	struct page *pages;
	char **path;
	const char **name;
	int n, ninputs;          /* the first ninputs are the run's inputs */
};

/* One figure a method adds to the node table, after CS. */
struct method_column {
	const char *name;        /* TSV header, JSON key, tree title */
	int decimals;
	int width;               /* tree column width, 0: not in the tree */
	bool blank_negative;     /* a negative value is "-" / null (no figure) */
	const char *json_after;  /* printed after the value in JSON, or NULL */
	const char *help;        /* what it is, for the inspector's glossary */
	double (*value)(const void *state, int i);
};

/* One line of an explanation, with its role (the detail pane colours it),
 * and the signs to write it with (UTF-8 or ASCII). */
enum explain_role { EXPLAIN_HEADING, EXPLAIN_NORMAL, EXPLAIN_DIM, EXPLAIN_CONTENT, EXPLAIN_NOISE };
struct explain {
	void (*line)(void *ctx, enum explain_role role, const char *text);
	void *ctx;
	const char *to, *le, *ge;    /* "→" "≤" "≥" or "->" "<=" ">=" */
	/* How to name an element (the inspector: whole); NULL: dom_label. */
	void (*label)(const struct dom *d, int i, struct buf *out);
};
void explain_printf(const struct explain *x, enum explain_role role, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Element i's name as x wants it, appended to out. */
void explain_label(const struct explain *x, const struct dom *d, int i, struct buf *out);

/* A stage of a method, for the inspector's step mode: the parameters that
 * stop the decision after stage k (1-based; the last stage is the whole
 * method). */
struct method_step {
	const char *name;
	void (*limit)(struct params *p, int k);
};

struct method {
	const char *name;
	const char *summary;     /* one line, for --help and the man page */
	/* Its parameters (params.h): --set, the inspector's editor, rule
	 * files' pith_set, --help and the man page read them from here. */
	const struct param_desc *params;
	int nparams;
	/* The reasons its decisions give (decide.h), in the order dump --help
	 * lists them (pinned, rule-body and rule-strip stand with every
	 * method), and its reasons of its own, numbered by method_reason(). */
	const enum reason *reasons;
	int nreasons;
	const struct reason_desc *own_reasons;
	int nown_reasons;
	bool needs_dom;          /* false: works on source lines (lb) */
	enum method_site_pages site_pages;
	int min_site;            /* fewer loaded pages than this: no site */

	void *(*site_new)(const struct site_pages *sp, const struct params *p, FILE *verbose);
	void (*site_free)(void *site);
	/* Optional: the site built a page at a time, so that a run over
	 * many pages never holds them all.  site_begin for n pages;
	 * site_add for each page in order (pg->dom NULL when it failed;
	 * path its real path), which the caller may free after; site_end
	 * (NULL when no page loaded), which may ask for page i again
	 * through reload (reload(ctx, -1, NULL) when done); site_abandon
	 * when the site is not built after all. */
	void *(*site_begin)(int n, const struct params *p);
	void (*site_add)(void *b, int i, const struct page *pg, const char *path);
	void *(*site_end)(void *b, const struct params *p,
			  int (*reload)(void *ctx, int i, const struct page **pg), void *ctx,
			  const char *const *names, FILE *verbose);
	void (*site_abandon)(void *b);

	/* Decide every element of pg into dc (pins and rules come after, in
	 * run.c).  *state is the method's per-page object from an earlier
	 * call on the same page (or NULL), re-used when it still applies.
	 * index is the page's place among the site's pages, -1 if none. */
	void (*decide)(struct page *pg, const void *site, int index, const char *name,
		       const struct params *p, void **state, struct decision *dc);
	void (*state_free)(void *state);

	/* Methods that keep source lines (lb) write their own text from the
	 * pins mapped to lines; NULL: the kept elements' text (extract.h). */
	void (*text)(struct run *r, struct page *pg, const struct params *p,
		     const uint8_t *mask);

	const struct method_column *columns;
	int ncolumns;

	/* The decision is the cc figures' (cc): the detail pane shows them
	 * as what decided, and smoothing and outliers have marks of their
	 * own in the tree. */
	bool figures_decide;
	/* Optional: whether element i got a decision of its own from state
	 * (auto: the text blocks); NULL: every element does. */
	bool (*decided)(const void *state, int i);
	/* Optional: the site stage's signals (auto-model.h's SITE_SIGNALS,
	 * S_COUNT floats a block) that state holds for the page's nblocks
	 * blocks (auto-signals.h's features), which dump --features prints
	 * after them; NULL when it holds none (auto without sibling pages).
	 * NULL: the method computes none. */
	const float *(*site_signals_of)(const void *state, int nblocks);

	/* The method's own lines for element i of the detail pane. */
	void (*explain)(const struct run *r, const struct page *pg,
			const struct params *p, int i, const struct explain *x);
	/* -v: one line about the page's decision (ent's path, sib's blocks). */
	void (*report)(const struct run *r, const struct page *pg, const char *name,
		       FILE *f);
	/* Extra JSON fields of pith extract ("cluster":…,), or NULL. */
	void (*json)(const struct run *r, struct buf *b);
	/* Optional: a word or two about the page for the inspector's status
	 * line, after the method's name (auto: the kind of page). */
	void (*status)(const struct run *r, struct buf *b);

	const struct method_step *steps;   /* its stages, in order, or NULL */
	int nsteps;
	/* Stages that depend on the page (ent: one per level of its descent):
	 * how many the whole method has on the page state was decided for,
	 * whatever stage it stopped at, and, when b is not NULL, stage k's
	 * name into b.  steps[0] then stands for every stage.  NULL: steps[]
	 * as they are. */
	int (*stages)(const void *state, const struct page *pg, int k, struct buf *b);
};

#ifndef PITH_EXTRA_METHODS
#define PITH_EXTRA_METHODS(X)
#endif
#define METHODS(X) X(cc) X(lb) X(ent) X(tib) X(sib) X(auto) PITH_EXTRA_METHODS(X)
#define METHOD_DECL(n) extern const struct method method_##n;
METHODS(METHOD_DECL)
#undef METHOD_DECL

/* Every method, in the order of --help and the inspector's a key.  A
 * build may add methods of its own (a test's) with
 * -DPITH_EXTRA_METHODS(X)=X(name). */
extern const struct method *const methods[];
extern const int nmethods;
/* The methods' names, in the table's order, separated by spaces. */
const char *method_names(void);
/* The id of m's own reason k. */
enum reason method_reason(const struct method *m, int k);
/* m's reasons in dump --help's order: those of decide.h it lists, then
 * its own; method_reasons(m) of them. */
int method_reasons(const struct method *m);
enum reason method_reason_at(const struct method *m, int r);
#define METHOD_DEFAULT (&method_auto)

/* By name; NULL for an unknown one. */
const struct method *method_find(const char *name);
/* The index of m in methods[]. */
int method_index(const struct method *m);

#endif
