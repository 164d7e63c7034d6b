/* view.h - what the loop (tui.c, keys.c, act.c, prompt.c) and the views
 * (view-*.c) share: the action table, the inspector's state, the layout
 * and the view_ops each view implements.
 *
 * The action table is an X-macro: one line per action gives its keys, its
 * group, its help text and its handler; keys.c expands it into the key
 * bindings and the key names a script may use, view-help.c into the help
 * screen, act.c into the dispatch, so they cannot drift apart.
 * Views draw with screen.h's scr_* calls only and change the model only
 * through model.h. */
#ifndef PITH_TUI_VIEW_H
#define PITH_TUI_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "tui/model.h"
#include "tui/screen.h"

#include "tui/actions.h"
#include "util.h"

enum action {
#define A_ENUM(name, keys, group, help, handler) ACT_##name,
	TUI_ACTIONS(A_ENUM)
#undef A_ENUM
	ACT_COUNT,
	ACT_NONE = -1
};

struct action_info {
	const char *name, *keys, *group, *help;
};
extern const struct action_info tui_actions[ACT_COUNT];

enum pane { PANE_TREE, PANE_DETAIL, PANE_TEXT, PANE_HIST, PANE_COUNT };

struct rect {
	int y, x, h, w;
};

/* A pane's scroll position over its rows (tig's view offset): the first
 * row shown.  Movement actions and the wheel may push it past either
 * end; the view clamps it once it knows how many rows it has. */
struct scroll {
	int top;
};

/* Move by a movement action over a page of h rows (Up, Down, PgUp, PgDn,
 * Home, End); false for any other action. */
bool scroll_act(struct scroll *s, enum action a, int h);
/* The wheel (button 4 up, 5 down) moves three rows; false for a click. */
bool scroll_wheel(struct scroll *s, int button);
/* Keep top within [0, total - h]. */
void scroll_clamp(struct scroll *s, int total, int h);

/* Each view's state, written by its view alone (and set up by tui.c). */
struct tree_state {          /* view-tree.c */
	int top;
	bool center;             /* put the selection mid-pane next draw */
	int depth0, step;        /* the last draw's indentation, for clicks */
};
struct hist_state {          /* view-histogram.c */
	int cur;                 /* the cursor: a block (or line), 1-based */
	int span, z0;            /* i, I: the blocks shown (0: all) from z0 */
	int sel;                 /* selection the cursor follows */
	bool log;                /* L: bars on a log scale */
	bool lines;              /* b: Ctext per line instead of blocks */
	struct {                 /* the bars' scale, per distribution shown */
		const void *lb;
		int K, n, reflow, maxY, p95;
		bool lines;
	} scale;
};

struct detail_state {        /* view-detail.c */
	struct scroll sc;
	int sel;                 /* selection the scroll belongs to */
};
struct text_state {          /* view-text.c */
	struct scroll sc;
	int sel;
	unsigned gen;            /* model gen the scroll followed */
	unsigned wrapped;        /* model text_gen the rows belong to */
	int width;
	size_t *wrap;            /* start byte of every wrapped row */
	int nwrap, wrap_cap;
	bool to_missing;         /* scroll to the gold view's missing passages */
	int rows;                /* text rows the pane showed last */
	int cur;                 /* the line cursor: a wrapped row */
};
struct help_state {          /* view-help.c */
	struct scroll sc;
};
#define RULE_VIEW_MAX 256
struct source_view_state {   /* view-source.c */
	struct scroll sc;
	int elem;
	size_t start, end;       /* the element's bytes in the page's text */
	uint8_t *markup;         /* per byte from start: 1 markup, 0 text */
	size_t *rows;            /* each row's first byte */
	int nrows, cap;
	int width;               /* the pane width the rows are for */
	bool pretty;             /* a row per tag (a minified page) */
};
struct rule_view_state {     /* view-rule.c */
	struct scroll sc;
	int sel, n;
	int line[RULE_VIEW_MAX];  /* the rule's line index of each row */
	int count[RULE_VIEW_MAX]; /* what it selects here, -1 on an error */
	int left;                 /* cells scrolled sideways (h, l) */
};

enum prompt { PROMPT_NONE, PROMPT_SEARCH, PROMPT_PARAM, PROMPT_URL, PROMPT_SAVE,
	      PROMPT_OVERWRITE, PROMPT_RULE, PROMPT_GOLD, PROMPT_REPORT };

struct tui {
	struct cli *cli;
	char url[1024];            /* the page's address, typed at w's prompt */
	char addr[2048];           /* the address a web archive's holds */
	char addr_from[160];       /* where addr came from */
	char pending_host[256];    /* w: the host the rule waiting is for */
	const char *pending_from;  /* and where its address came from */
	struct buf pending_why;    /* w: the pins its lines do not reproduce */
	char *rules_from;          /* what r and R read: --rules, or the file w
				      wrote last (owned) */
	char save_path[1024];      /* s: the file asked about */
	char gold_path[1024];      /* c: a gold file read from inside (R reads it again) */
	bool quit_asked;           /* q warned once about unsaved work */
	bool saved_once;           /* w or s wrote something */
	bool rule_view;            /* r: the rule's lines over the panes */
	bool source_view;          /* v: the selected element's source */
	int count;                 /* digits typed before a movement */
	int steps;                 /* the parameter step's count (a count, or held keys) */
	bool saying;               /* tui_open's line is on the terminal (tui_said) */
	double loading_at;         /* ms from the start to the loading screen, 0: none */
	int pending_pages;         /* w: the pages the rule was learnt from */
	struct rule *pending;      /* w: the rule waiting for y */
	char pending_path[4096];
	double pending_ftr, pending_pith;  /* how much of the text it reproduces
					      (the worst page's) */
	char pending_worst[1024];  /* the page with the lowest figure */
	struct buf diff;           /* its change to the file */
	int diff_top;              /* the first row of it shown */
	struct rules_set *rules;   /* --rules, or NULL */
	const struct rule *rule_due;  /* its rule for the page, not applied yet */
	struct page pg;
	void **sites;              /* each method's site state (--siblings), or NULL */
	struct tui_model m;
	const char *name;          /* the page's name for the status line */
	struct strv *site;         /* the loaded pages: the page given, then its
				      --siblings (another file each) */
	int cur;                   /* the one shown */
	/* each loaded page's pins for the session (site->n of each, NULL
	 * for a page without pins), kept while another page is shown; the
	 * shown page's own are the model's */
	uint8_t **page_pins;
	int *page_elems;           /* the element count they were set on */

	enum pane focus;
	bool help;
	bool too_small;
	bool zoom;                 /* o: the focused pane alone on the screen */
	struct site_load *loading; /* the site's pages, read between keys */
	int load_total, load_left;
	struct rect pane[PANE_COUNT];
	struct rect status;        /* two rows: the status bar and messages */
	struct rect all;           /* the area panes share (help uses it) */

	/* per-view state, owned by the view that names it */
	struct tree_state tree;
	struct detail_state detail;
	struct text_state text;
	struct hist_state hist;
	struct help_state help_view;
	struct rule_view_state rview;
	struct source_view_state sview;

	char msg[512];
	bool msg_error;
	enum prompt prompt;
	char pbuf[256];
	size_t plen;

	bool quit;
	int signal;
};

struct view_ops {
	const char *name;
	void (*draw)(struct tui *t, struct rect r, bool focused);
	/* A movement action while the view has the focus; false if it has
	 * nothing to do with it. */
	bool (*act)(struct tui *t, struct rect r, enum action a);
	/* A click at cell (y, x) inside r, or the wheel (button 4/5). */
	void (*click)(struct tui *t, struct rect r, int y, int x, int button);
};

extern const struct view_ops view_tree, view_histogram, view_detail,
	view_text, view_status, view_help, view_rule, view_source;
/* view-rule.c: fill the rule view from the model's rule. */
void rule_view_open(struct tui *t);
/* view-source.c: show bytes [start, end) of the page, element elem's. */
void source_view_open(struct tui *t, size_t start, size_t end, int elem);
void source_view_free(struct source_view_state *v);

/* tui.c: a message for the message line (printf-like). */
void tui_message(struct tui *t, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The pins of the session on the loaded pages other than the one
 * shown, and on how many of those pages (act.c). */
int tui_pins_elsewhere(const struct tui *t, int *pages);
/* Select element i from any view, revealing it in the tree. */
void tui_select(struct tui *t, int i, bool center);
/* The element behind the text pane's cursor row, or -1 with why in
 * why (a row no element's text is on). */
int view_text_elem_at_cursor(const struct tui *t, const char **why);
/* s's default file name for the page: ./<page name>.txt */
void tui_save_default(const struct tui *t, char *out, size_t n);
/* S's: ./<page name>.report.html */
void tui_report_default(const struct tui *t, char *out, size_t n);

/* view-tree.c: glyph and role of a decision mark. */
char mark_char(enum mark k);
int mark_role(enum mark k);
const char *mark_name(enum mark k);
/* Element i's glyph in the tree (a lower-case p or x: an ancestor's pin). */
char tree_glyph(const struct tui_model *m, int i);
/* The tree's figure columns for the method shown, its own first, then
 * TA LA CC TD CS (at most TREE_COLUMNS): each one's title, its width in
 * the pane and element i's figure (empty for i -1), fitted to the width
 * as the pane draws it, or whole (fit false: CC and TD with 2 decimals,
 * as pith dump writes them).  Returns how many; the pane and the report
 * both read the tree's figures from here. */
enum { TREE_COLUMNS = 13 };
struct tree_column {
	const char *title;
	int width;
	char figure[64];
};
int tree_figures(const struct tui_model *m, int i, bool fit, struct tree_column col[TREE_COLUMNS]);

/* view-detail.c: the detail pane's lines, each with its role, in order:
 * the selected element's (DETAIL_ELEMENT), the page's (DETAIL_PAGE), or
 * both as the pane shows them (utf8: the signs → ≤ ≥).  The pane draws
 * what this gives, and so does the report. */
enum { DETAIL_ELEMENT = 1, DETAIL_PAGE = 2 };
void detail_lines(const struct tui *t, int parts, bool utf8,
		  void (*line)(void *ctx, int role, const char *text), void *ctx);

/* view-histogram.c: the block range column c of w shows. */
void hist_column_blocks(int nblocks, int w, int c, int *b0, int *b1);

#endif
