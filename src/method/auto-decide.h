/* auto-decide.h - the auto method: every signal of auto-signals.h combined per block
 * by a learnt model (auto-model.h: src/method/auto-model.txt, written by
 * tools/train-auto.py and built in, or the file auto.model names): a
 * logistic first stage over the base signals, which places the core, and
 * a second stage of boosted regression trees over every signal; a block
 * is content when its probability reaches auto.T.
 *
 * decide_auto() fills the caller's struct decision like decide_cc(), from
 * the probability of every block element in the state's score[];
 * auto_contributions() gives each signal's share of a block's score for
 * the inspector.  No I/O; linear in the page. */
#ifndef PITH_AUTO_H
#define PITH_AUTO_H

#include "method/cc-decide.h"
#include "method/auto-model.h"
#include "method/auto-signals.h"
#include "method/auto-thread.h"

/* A page's signals and block probabilities (the method's per-page state). */
struct auto_state {
	struct features sig;
	int n;
	double *score;      /* each block's probability, -1 elsewhere */
	int stage;          /* the stage score[] comes from, 1 or 2 */
	/* Each block's (of sig) probability from the first stage and from
	 * the trees; whether the trees gave some block 1/2 (else the first
	 * stage decides whatever auto.trees says). */
	double *p1, *p2;
	bool trees_even;
	int *dup_of;        /* a block dropped as a repeat: the block it repeats, -1 */
	/* the best reading-order run (auto.grow): its first and last
	 * blocks' elements, -1 when none was made */
	int run_first, run_last;
	/* the grid's characters, those the model kept and in how many of
	 * its cards, where complete_grid looked (0 elsewhere) */
	long grid_chars, grid_kept;
	int grid_cards;
	int kept_root;      /* where keep_tables looked: the smallest element
			     * holding every kept block, -1 none */
	const struct auto_model *model;  /* not owned */
	const struct metrics *m;         /* the page's, not owned */
	/* With sibling pages: per block, on how many of them all its text
	 * stands (-1 elsewhere, NULL without siblings); nsib of them. */
	int *recur;
	int nsib;
	/* The site stage's (with sibling pages): each block's probability
	 * from the page alone (NULL without siblings), the site signals per
	 * block of sig (auto-model.h's SITE_SIGNALS), and the site they are
	 * of (not owned). */
	double *score0;
	float (*sx)[S_COUNT];
	int *at_path, *same;    /* site_text_paths()'s, per element */
	const void *site_of;
	/* Worked out once per page for decide_auto: each block's word
	 * trigrams (shingle[shingle_at[j] .. shingle_at[j+1]), numbered
	 * 0 .. nshingles-1 by their hash; its words), made at the first
	 * repeat test, with room for each trigram's first block; whether it
	 * heads what ends an article (0 not known yet, 1 no, 2 yes). */
	uint32_t *shingle;
	size_t *shingle_at;
	int *shingle_words;
	int *shingle_owner;
	uint32_t nshingles;
	uint8_t *end_head;
	bool end_product;       /* decide_auto read review headings as ends */
	/* keep_kind took the cards of the page's grid (kind_grid); of a
	 * page of another kind than a listing or a thread, as the model
	 * kept nothing (grid_alone) */
	bool kind_grid, grid_alone;
	/* keep_kind widened inside the page's main landmark, which holds
	 * what the model kept (MAIN_KEPT); per block of sig, those it left
	 * out for lying beside main */
	bool kind_main;
	uint8_t *beside_main;
	/* per block of sig: in what a heading that ends the article heads
	 * (drop_after_end; the heading too), kept or not: no rule after the
	 * model adds it */
	uint8_t *after_end;
	/* per block: kept off the reading-order run, in a listing's or a
	 * product page's main landmark (keep_main_items) */
	uint8_t *off_run;
	/* per block of sig, where keep_kind or keep_between passed it over as a
	 * control's link: how many blocks share its text (0 elsewhere) */
	int *control;
	/* per block of sig: how many blocks of one short link alone share
	 * its text (0 for a block that is not one; control_counts) */
	int *shared;
	/* per block of sig: F_HIDDEN not 0, a select's option, or all a
	 * button's text (hidden); the last of these alone (button), for the
	 * detail pane */
	uint8_t *hidden, *button;
	struct thread thread;   /* the forum thread decide_auto found, if any */
	int thread_titles;      /* its posts' own titles kept (keep_thread), 0
				 * for none */
	/* The kind decide_auto kept the page's content as: auto.kind's when
	 * set, else a forum thread where the thread stage found posts, else
	 * the figures' (sig.kind). */
	enum page_kind kind;
	bool kind_set;          /* auto.kind named it */
	int8_t dated;           /* the page names its date: 1, 0, -1 not read yet */
	bool by_date;           /* keep_kind widened as it names none */
	/* keep_kind widened on the sections sign: what cc added (characters,
	 * of them link text) and what the model kept */
	bool by_sections;
	long sections_more, sections_kept;
	double sections_links;
	struct thread_cache thread_cache;
};
/* A block outside the reading-order run is kept at this probability. */
#define AUTO_SURE 0.9
/* What a block under a negative tag (neg_tag: a footer, a nav, an aside,
 * a header outside the page's parts, a form, a menu) gains the
 * reading-order run, as a share of its (p - T) x characters: half.  A
 * loss counts whole. */
#define AUTO_RUN_NEG 0.5
struct auto_state *auto_state_new(const struct page *pg, const struct auto_model *m);
void auto_state_free(struct auto_state *st);
/* score[] from the first stage (1) or the trees (2); the site stage's
 * figures, made from the old ones, are the caller's to drop. */
void auto_state_stage(struct auto_state *st, int stage);

void decide_auto(const struct dom *d, struct auto_state *st, const struct params *p,
		 struct decision *dc);

/* The text (UTF-8, n bytes) is a heading that ends an article: after
 * white space is collapsed and the marks at its ends (digits, spaces,
 * punctuation, symbols) are trimmed, it is one of the phrases for related
 * stories, further reading or reader comments, whatever its case. */
bool auto_end_phrase(const char *s, size_t n);

/* For an element dropped with reason end: the heading that ended the
 * article there (e itself, or the nearest before it), or -1; *reviews
 * set when that heads a product's reviews (no related stories or
 * comments); *empty set when that is e, and it heads an element with no
 * text and so ends nothing (a box a script fills in). */
int auto_end_heading(const struct dom *d, const struct auto_state *st, int e, bool *reviews,
		     bool *empty);
/* The index among st->sig's blocks of the block whose element is e, -1
 * when e is none (the blocks are in document order). */
int auto_block_of(const struct auto_state *st, int e);
/* The kept block (an index into st->sig) that the heading at block j
 * heads, past HEADINGS_OVER - 1 headings at most (dropped or kept) and
 * the captions the model dropped: what keep_headings keeps a heading
 * (or a toggle) for (reason heading); -1 for none. */
int auto_headed(const struct auto_state *st, const struct decision *dc, int j);
/* Whether block j of f is an accordion's or a disclosure's toggle over
 * block k, which keep_headings keeps over the panel it opens as it keeps
 * a heading: j is, or lies up to two levels inside, an element that
 * names the panel it opens or whether that is open (aria-controls,
 * aria-expanded: a question's button over its answer) or a details
 * element's summary, that element holds no other block, and k lies in
 * the panel it names (aria-controls) or else in that element's parent. */
bool auto_toggle(const struct dom *d, const struct features *f, int j, int k);
/* The kept blocks after and before the code block (why REASON_CODE) or
 * list item (REASON_LIST) at block j (an index into st->sig) that
 * keep_runs keeps it between, past code blocks and headings (items) that
 * are dropped or kept by those rules; -1 for none.  *stop (when not
 * NULL): the block the search after it stopped at. */
int auto_run_next(const struct dom *d, const struct auto_state *st, const struct decision *dc,
		  int j, enum reason why, int *stop);
int auto_run_prev(const struct dom *d, const struct auto_state *st, const struct decision *dc,
		  int j, enum reason why);

/* Least share of a list's item that is link text for it to be taken for
 * a menu's and left out by keep_runs, and on an article by keep_items. */
#define LIST_LINKS 0.5
/* The list whose item block j of f is: an li's parent, or the parent of
 * the li whose one block it is (a page builder's li > p; not a card's
 * title and text); -1 for none. */
int auto_item_list(const struct dom *d, const struct features *f, int j);
/* The first block other than j of j's list (auto_item_list) that the
 * model kept for itself (reason auto), for which keep_items keeps the
 * list's other items (reason item): its element, -1 for none. */
int auto_item_kept(const struct dom *d, const struct auto_state *st, const struct decision *dc,
		   int j);

/* Least share of a heading that is link text for keep_headings to leave
 * it (a teaser's linked title heads another page, not this section), and
 * for keep_titles to take it, on a listing, for an entry's title. */
#define HEADING_LINKS 0.5
/* The kept blocks a listing's title (REASON_TITLE) at block j of st->sig
 * lies between: the nearest before it and after it kept for another
 * reason than heading, title or fallback (elements, -1 for none); a
 * title is kept where both exist (keep_titles). */
void auto_title_between(const struct auto_state *st, const struct decision *dc, int j,
			int *prev, int *next);

/* A sign-up box (a newsletter's, a shop's "notify me when it is back"):
 * the largest element around an e-mail field (an input of type email, or
 * a text input whose name, id, placeholder or autocomplete says e-mail)
 * that holds at most SIGNUP_CHARS characters of text, no block of more
 * than SIGNUP_LINE and no h1 (the page's title stands there: its header,
 * not a box beside its content).  Below body. */
#define SIGNUP_CHARS 600
#define SIGNUP_LINE 200
/* The e-mail field whose sign-up box holds element e, -1 for none; *box
 * (when not NULL) its box. */
int auto_signup_field(const struct dom *d, const struct auto_state *st, int e, int *box);

/* Least rows of two cells or more (the header's among them) that make a
 * table a table of data. */
#define TABLE_ROWS 3
/* Element t's rows of two cells or more when it is a table of data, as
 * keep_tables keeps one: a header cell, TABLE_ROWS such rows or more, no
 * table inside; else 0. */
int auto_data_table(const struct dom *d, int t);

/* A block keep_continued adds (block j of st->sig): CONTINUED_CHARS
 * characters or more, under CONTINUED_LINKS of it link text; and the kept
 * running prose whose tag path it follows: such a block that ends a
 * sentence. */
#define CONTINUED_CHARS 80
#define CONTINUED_LINKS 0.25f
bool auto_continues(const struct auto_state *st, int j);
bool auto_running_prose(const struct auto_state *st, int j);
/* Per element, a hash of its tag path: the tags from the root down to it,
 * not their positions (the caller frees it). */
uint64_t *auto_tag_paths(const struct dom *d);

/* The built-in first stage's probability for a vector of base features. */
double auto_stage1(const float *x);

/* The model auto.model names: the built-in one for NULL, else the file
 * auto_model_keep() read (read now if it was not; a file that no longer
 * reads is fatal). */
const struct auto_model *auto_model_find(const char *path);

/* The run [*start, *end] of v[0..n) with the largest positive sum;
 * *end < *start when no element is positive. */
void auto_best_run(const double *v, int n, int *start, int *end);

/* Each feature's share of the logit of element e (F_COUNT entries, their
 * sum the logit; F_BIAS holds the model's base and the trees' root
 * values), and the probability; -1 if e is not a text block.  When no
 * block reaches 1/2 in the second stage, the first stage's probabilities
 * stand (stage 1) and the shares are its weight x value. */
double auto_contributions(const struct auto_state *st, int e, double *contrib);

#endif
