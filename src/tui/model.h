/* model.h - the inspector's state without the terminal: decisions of the
 * current method, visible tree rows with folding, selection, search, pins,
 * the undo stack, the extracted text with its highlight, and the gold score.
 *
 * No curses here (ncdu's dirlist.c habit): the views only read a struct
 * tui_model and change it through these functions, and the unit tests
 * drive it directly.  The model borrows the page (the caller keeps it
 * alive and frees it after model_free); every array below belongs to the
 * model.  Do not write the fields from outside the model's own files
 * (model*.c).  Nothing here fails except allocation, which aborts
 * (util.h). */
#ifndef PITH_TUI_MODEL_H
#define PITH_TUI_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "page.h"
#include "run.h"
#include "score.h"
#include "source.h"
#include "rules/xpath.h"


/* How a row is decided, for its glyph and colour (view-tree.c). */
enum mark {
	MARK_SKIP,       /* script/style/head: never text */
	MARK_NOISE,
	MARK_CONTENT,    /* cc: CC > C; lb: in a selected region */
	MARK_SMOOTH,     /* rescued by smoothing */
	MARK_OUTLIER,    /* content reset by the outlier test */
	MARK_PIN_IN,     /* pinned in, here or by an ancestor */
	MARK_PIN_OUT,
	MARK_COUNT
};

/* A run of the text pane's text with its kind (flags below). */
enum { RUN_DROPPED = 1, RUN_PINNED = 2, RUN_EXTRA = 4, RUN_MISSING = 8, RUN_CAME = 16,
       RUN_WENT = 32 };
struct text_run {
	size_t start, end;
	uint8_t flags;
};

enum undo_kind { UNDO_PIN, UNDO_PARAMS };
struct undo_entry {
	enum undo_kind kind;
	int elem;
	uint8_t before, after;           /* UNDO_PIN */
	struct params pbefore, pafter;   /* UNDO_PARAMS */
};


struct tui_model {
	struct page *pg;         /* borrowed */
	const struct dom *d;     /* pg->dom */
	int n;                   /* elements */
	const struct method *algo;
	const void *const *sites;  /* borrowed: each method's site state, or NULL */
	struct params params;
	const struct param_desc *param;  /* the selected parameter */

	uint8_t *pins;           /* n entries of enum pin */
	uint8_t *folded;         /* n: 1 = children hidden */
	int *rows;               /* visible element ids, increasing */
	int nrows;
	int sel;                 /* selected element, -1 only when n == 0 */
	int maxdepth;
	bool gold_filter;        /* F: the rows are the gold's disputes (below) */

	/* Source lines: an element covers line[i] .. last_line[i]. */
	int *last_line;
	int *inline_of;          /* n: the block an inline element's text goes
				    with, -1 for blocks and text-less elements */
	int nsrc;                /* highest source line seen */
	int *line_elem;          /* nsrc+2: the element to select for a line */

	/* Decisions: ccdc is cc's (its CS and region feed the tree and the
	 * detail whatever the method); run is the current method's, through
	 * the path every front-end takes (run.h). */
	struct decision ccdc;
	int *cc_over;            /* per sibling group: its elements with CC > C */
	struct run run;
	const struct decision *dc;   /* &run.dc */

	/* The extracted text and what the text pane shows. */
	struct buf out;          /* the run's text (chars, score, rule) */
	struct buf shown;        /* out, or everything with dropped runs */
	bool show_dropped;
	bool gold_view;          /* see below */
	bool ftr_only;           /* apply the rule as an ftr reader does (run.h) */
	bool decided;            /* cc has been decided once */
	/* The gold view (--gold): extracted lines the gold lacks marked
	 * RUN_EXTRA, then the gold's passages the extraction lacks, each
	 * with the element that holds it on the page. */
	int step;                /* step mode: the method's stage shown, 0 the whole */
	struct params staged;    /* the parameters the stage shown was decided with */
	char stage_name[256];    /* the stage shown, when step > 0 */
	uint8_t *changed;        /* n: what that stage changed */
	int nchanged;
	uint8_t *next_content;   /* n: each element's decision after the next
				    stage (when next_name is not empty) */
	char next_name[256];     /* the next stage, "" at the last */
	int nstages;             /* the method's stages on this page */
	int ndisagree;           /* elements the gold filter (below) keeps */
	char *gold_text;         /* the gold file's text (owned) */
	size_t gold_len;
	size_t missing_at;       /* where the missing passages start in shown */
	struct gold_miss { size_t off; int elem; } *miss;
	int nmiss, miss_cap;
	struct text_run *runs;
	int nruns, runs_cap;
	struct extract_span *spans;  /* ntexts, for the DOM methods */
	int *shown_line_src;     /* lb: source line of each shown line */
	int nshown_lines, shown_lines_cap;
	size_t hl_start, hl_end; /* the selected element's text in shown */
	size_t chars;            /* non-whitespace code points of out */
	/* what the last change (a parameter, a pin, an undo) did to the
	 * text, marked until the next one: the text nodes kept before it,
	 * and the characters (not white space) that came in and went */
	uint8_t *kept_before;
	size_t came, went;
	unsigned changes;        /* how many changes so far */
	bool marking;
	bool cc_any;             /* has cc made any element content? */

	const struct rule *rule; /* --rules: the site rule that matches, or NULL */
	struct model_source *src; /* model_source_range's offsets, made at its
				     first call (a report asks for every
				     element's) */

	struct charbag *gold;    /* NULL without --gold */
	struct shingles *gold_sh;  /* the gold's word 4-grams */
	struct prf prf;          /* word 4-grams (score.h): sees order and loss */
	struct prf prf_chars;    /* characters, as a bag */
	/* The gold filter (F): the tree shows only the elements whose
	 * decision disagrees with the gold (GOLD_* flags in disagree), with
	 * their ancestors and the selection for context. */
	uint8_t *disagree;       /* n, while the filter is on */
	uint8_t *row_keep;       /* n: scratch for the filtered rows */

	/* Search: the query and the matches' count and rank.  A query that
	 * starts with / or ( is an XPath: xmatch marks what it selects. */
	char query[XPATH_MAX_EXPR + 4];
	char xerr[300];              /* why the last XPath query failed */
	int *own_first, *own_next;   /* per element / text: own text nodes */
	int nmatches, match_rank;
	uint8_t *xmatch;             /* n, for an XPath query (else NULL) */

	struct undo_entry *undo;
	int nundo, undo_top, undo_cap;   /* [0, undo_top) applied */

	const char *script;      /* dominant writing system of the text */
	int *pin_src;            /* per element: the pinned element it or its
				    nearest ancestor is, or -1 (model_pin_source) */
	unsigned gen;            /* bumped by every recompute */
	unsigned pins_version;   /* bumped by every pin change */
	unsigned cc_pins;        /* pins_version cc was decided with */
	unsigned pin_src_pins;   /* pins_version pin_src was made with, + 1 */
	struct params cc_params; /* and the parameters */
	unsigned text_gen;       /* bumped when shown's bytes change */
	struct buf prev;         /* shown before the last recompute */
};

/* Every element's start in the page's bytes, and for each the first
 * element from it on whose place starts a tag (next), in one pass. */
struct model_source {
	size_t *off;
	int *next;
	long walked;            /* bytes the pass stepped over */
};

/* gold and sites may be NULL; sites[k] is methods[k]'s site state. */
void model_init(struct tui_model *m, struct page *pg, const struct method *a,
		const struct params *p, const void *const *sites, const char *gold,
		size_t goldlen);
/* The site rule that decides (NULL: none); its pith_algo (unless
 * keep_algo) and pith_set lines apply, as in pith extract. */
void model_set_rule(struct tui_model *m, const struct rule *r, bool keep_algo);
void model_free(struct tui_model *m);

/* Decide, extract, score and highlight again after any change. */
void model_recompute(struct tui_model *m);
/* Show the dropped text, greyed, in shown (recomputes on a change). */
void model_set_show_dropped(struct tui_model *m, bool on);
/* The rule as other readers apply it, or as pith does; false without a
 * rule. */
bool model_set_ftr_only(struct tui_model *m, bool on);
/* The step mode's next stage (0 again after the last: the whole method). */
int model_next_step(struct tui_model *m);
/* The parameters the method's decision shown was made with: the stage's
 * in the step mode, else the model's. */
const struct params *model_decided_params(const struct tui_model *m);
/* The gold text from now on (the inspector's c reads one), replacing
 * any other; the score and the gold view and filter follow it. */
void model_set_gold(struct tui_model *m, const char *gold, size_t goldlen);
/* The gold view on or off; false without a gold text. */
bool model_set_gold_view(struct tui_model *m, bool on);
/* How an element's text disagrees with the gold: kept text the gold
 * lacks, or dropped text the gold has (and the extraction lacks). */
enum { GOLD_EXTRA = 1, GOLD_MISSING = 2 };
/* The tree filter on or off; false without a gold text.  On, the rows
 * are the elements that disagree (m->ndisagree of them), their
 * ancestors and the selection, folds kept. */
bool model_set_gold_filter(struct tui_model *m, bool on);

/* ---- rows, folding, selection ---- */
void model_rebuild_rows(struct tui_model *m);
/* Row of element i among the visible rows, or -1 (binary search). */
int model_row_of(const struct tui_model *m, int i);
/* Select i, unfolding its ancestors if it was hidden. */
void model_select(struct tui_model *m, int i);
/* Select i without unfolding its ancestors (a report reads every
 * element's detail; it puts the selection back the same way). */
void model_peek(struct tui_model *m, int i);
bool model_has_children(const struct tui_model *m, int i);
void model_toggle_fold(struct tui_model *m, int i);
void model_set_fold(struct tui_model *m, int i, bool folded);
/* Fold every element below i that has children (i stays open). */
void model_fold_below(struct tui_model *m, int i);
void model_unfold_all(struct tui_model *m);

/* The mark for element i under the current method; an inline element
 * (a span in a paragraph) has its block's, whose decision its text
 * follows. */
enum mark model_mark(const struct tui_model *m, int i);
/* Is text node t in the extracted text? */
bool model_text_kept(const struct tui_model *m, int t);
/* For an element that is no block itself: how many of the blocks inside
 * it are kept (*kept) of how many (*total). */
void model_blocks_inside(const struct tui_model *m, int i, int *kept, int *total);
/* Is element i's own pin (not an ancestor's) set? */
static inline int
model_own_pin(const struct tui_model *m, int i)
{
	return m->pins[i];
}
/* The nearest pinned ancestor-or-self of i, or -1. */
int model_pin_source(const struct tui_model *m, int i);

/* "div#main.article.body": the tag, the id and every class, whole. */
void model_label(const struct dom *d, int i, struct buf *out);
/* The same in at most w cells (code points): the longest ids and classes
 * are cut first ("main-cont~"), down to 6 cells each; then the last
 * classes give way to "+N".  Only as much as w needs; a label that still
 * does not fit is the shortest form. */
void model_label_fit(const struct dom *d, int i, int w, struct buf *out);

/* ---- lines and the histogram ---- */
/* The element the histogram selects for source line s. */
int model_elem_at_line(const struct tui_model *m, int s);
/* Ctext lines [*a, *b] (1-based) of element i; 0 when there are none. */
int model_ctext_lines(const struct tui_model *m, int i, int *a, int *b);

/* ---- method and parameters ---- */
void model_cycle_algo(struct tui_model *m, int dir);
/* The i-th parameter of the current method, or NULL. */
const struct param_desc *model_method_param(const struct tui_model *m, int i);
int model_method_nparams(const struct tui_model *m);
void model_select_param(struct tui_model *m, int delta);
/* Step the selected parameter dir steps (negative: down), to the end of
 * its range at most; an odd dir toggles on/off and max/all.  Returns
 * false when it is already at the end of its range. */
bool model_step_param(struct tui_model *m, int dir);
/* Set the selected parameter from text; -1 with a message on a bad value. */
int model_set_param(struct tui_model *m, const char *value, char *err,
		    size_t errlen);
/* The current method's parameters back to their defaults. */
bool model_reset_params(struct tui_model *m);

/* ---- pins and undo ---- */
/* Set element i's own pin (PIN_NONE unpins); false if nothing changed. */
bool model_pin(struct tui_model *m, int i, enum pin p);
int model_npins(const struct tui_model *m);
/* Every pin at once (n entries of enum pin, as model_init gives them:
 * a page shown again with the pins it had), no undo step. */
void model_set_pins(struct tui_model *m, const uint8_t *pins);
bool model_undo(struct tui_model *m);
bool model_redo(struct tui_model *m);

/* The next (dir > 0) or previous element after the selection that is a
 * block whose text is kept, or has a pin of its own; -1 if none. */
int model_next_kept(const struct tui_model *m, int dir);

/* The gold view's line between the text and the gold's passages the
 * text lacks. */
#define GOLD_HEADING "-- in the gold, not extracted --"

/* The bytes of element i in the page's text (its start tag to past its
 * end tag), and its start's line and column; -1 when the element has no
 * tag of its own there (the parser added it). */
int model_source_range(const struct tui_model *m, int i, size_t *start, size_t *end,
		       int *line, int *col);

/* ---- search ---- */
/* Is q an XPath (it starts with / or ( ) or a CSS selector rather than
 * words? */
bool model_query_is_xpath(const char *q);
/* "XPath" or "CSS" for a query the tree is searched with by that
 * language (its matches in xmatch), NULL for a text search. */
const char *model_query_lang(const char *q);
/* The lines of the site rule m->rule that select nodes, each with the
 * number of elements (and text nodes) it selects on this page as the
 * rule is applied: strip lines in turn, body after them, the others on
 * the whole page.  lines[k] is the rule line's index; returns the count
 * of lines (at most max). */
int model_rule_lines(struct tui_model *m, int *lines, int *counts, int max);
/* The XPath a rule line stands for (strip_id_or_class and
 * strip_image_src written out), appended to out. */
void model_rule_line_expr(const struct rule_line *l, struct buf *out);
/* Does element i match the query (tag, id, class, own text)? */
bool model_matches(const struct tui_model *m, int i, const char *q);
/* Find the next (dir > 0) or previous match after the selection, wrapping;
 * q becomes the query (n and N search it again with m->query); sets
 * nmatches and match_rank, *wrapped when it went round.  -1 if none. */
int model_search(struct tui_model *m, const char *q, int dir, bool *wrapped);

/* ---- the text pane ---- */
/* The text node (cc) or element (lb) behind byte off of shown, or -1. */
int model_elem_at_text(const struct tui_model *m, size_t off);


#endif
