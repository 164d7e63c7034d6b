/* tui.c - the inspector's loop: load, lay out, read keys (or a key
 * script, keys.c), turn them into actions through the one action table
 * (act.c), draw. */
#include "config.h"

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include <curses.h>

#include "tui/report.h"
#include "tui/tui.h"
#include "tui/view.h"
#include "tui/tui-int.h"
#include "rules/rules.h"
#include "format.h"
#include "file.h"
#include "rules/learn.h"
#include "util.h"


/* ---- messages, selection, layout ---- */

void
tui_message(struct tui *t, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(t->msg, sizeof t->msg, fmt, ap);
	va_end(ap);
	t->msg_error = error;
}

void
tui_select(struct tui *t, int i, bool center)
{
	if (i < 0)
		return;
	model_select(&t->m, i);
	if (center)
		t->tree.center = true;
}

enum { MIN_COLS = 60, MIN_LINES = 16 };

void
tui_layout(struct tui *t)
{
	int W = screen_cols(), H = screen_lines();
	t->too_small = W < MIN_COLS || H < MIN_LINES;
	if (t->too_small)
		return;
	t->status = (struct rect){ H - 2, 0, 2, W };
	int avail = H - 2;
	/* a fifth of the screen, a quarter on tall ones: an axis with
	 * values needs rows to tell T=86 from T=96 */
	int hist_rows = avail >= 36 ? avail / 4 : avail / 5;
	if (hist_rows < 3)
		hist_rows = 3;
	if (hist_rows > 16)
		hist_rows = 16;
	int hist_h = hist_rows + 2;          /* title and axis rows */
	int top_h = avail - hist_h;
	int tree_w = W * 54 / 100;
	if (W - tree_w - 1 < 30)
		tree_w = W - 31;
	int right_w = W - tree_w - 1;
	int detail_h = top_h * 55 / 100;
	t->pane[PANE_TREE] = (struct rect){ 0, 0, top_h, tree_w };
	t->pane[PANE_DETAIL] = (struct rect){ 0, tree_w + 1, detail_h, right_w };
	t->pane[PANE_TEXT] = (struct rect){ detail_h, tree_w + 1, top_h - detail_h, right_w };
	t->pane[PANE_HIST] = (struct rect){ top_h, 0, hist_h, W };
	t->all = (struct rect){ 0, 0, avail, W };
	if (t->zoom) {
		/* the focused pane alone: the others have no room (not drawn,
		 * not clicked) */
		for (int p = 0; p < PANE_COUNT; p++)
			t->pane[p] = (struct rect){ 0, 0, 0, 0 };
		t->pane[t->focus] = t->all;
	}
}

const struct view_ops *const panes[PANE_COUNT] = {
	[PANE_TREE] = &view_tree, [PANE_DETAIL] = &view_detail,
	[PANE_TEXT] = &view_text, [PANE_HIST] = &view_histogram,
};

/* Row y onwards: the lines of s (n bytes), each wrapped at the width
 * (a continued row indented), from wrapped row top; role_of picks a
 * line's role.  The rows that did not fit are counted in *left. */
static int
wrapped_lines(int y, int bottom, int x, int w, const char *s, size_t n, int *skip,
	      int (*role_of)(const char *line), int *left)
{
	for (size_t pos = 0; pos < n;) {
		const char *nl = memchr(s + pos, '\n', n - pos);
		size_t e = nl ? (size_t)(nl - s) : n;
		int role = role_of(s + pos);
		for (size_t p = pos, first = 1; p < e || first; first = 0) {
			int indent = first ? 0 : 3;
			size_t fit = w - indent > 8 ? text_fit(s + p, e - p, w - indent, NULL) : e - p;
			if (fit == 0 && p < e)
				fit = 1;
			if (*skip > 0)
				(*skip)--;
			else if (y < bottom)
				scr_text(y++, x + indent, w - indent, s + p, fit, role);
			else
				(*left)++;
			p += fit;
		}
		pos = e + 1;
	}
	return y;
}

static int
diff_role(const char *line)
{
	return line[0] == '+' || line[1] == '+' ? ROLE_CONTENT : ROLE_NOISE;
}

static int
why_role(const char *line)
{
	(void)line;
	return ROLE_ERROR;
}

/* w's question: the pins the rule cannot reproduce, then the change to
 * the rule file, over the panes; long lines wrap, j and k scroll. */
static void
draw_diff(struct tui *t, struct rect r)
{
	for (int y = r.y; y < r.y + r.h; y++)
		scr_fill(y, r.x, r.w, ROLE_NORMAL);
	scr_fill(r.y, r.x, r.w, ROLE_TITLE_FOCUS);
	if (t->pending_pages > 1)
		scr_printf(r.y, r.x, r.w, ROLE_TITLE_FOCUS, " %s: the change  (learnt from %d pages; "
			   "at worst %.1f %% of a page's text, %.1f %% in other readers: %s)",
			   t->pending_path, t->pending_pages, 100 * t->pending_pith,
			   100 * t->pending_ftr, t->pending_worst);
	else
		scr_printf(r.y, r.x, r.w, ROLE_TITLE_FOCUS, " %s: the change  (reproduces %.1f %% of "
			   "the text, %.1f %% in other readers)", t->pending_path,
			   100 * t->pending_pith, 100 * t->pending_ftr);
	int bottom = r.y + r.h - 1, left = 0, skip = t->diff_top;
	int y = wrapped_lines(r.y + 1, bottom, r.x + 1, r.w - 1,
			      t->pending_why.data ? t->pending_why.data : "", t->pending_why.len,
			      &skip, why_role, &left);
	y = wrapped_lines(y, bottom, r.x + 1, r.w - 1, t->diff.data ? t->diff.data : "",
			  t->diff.len, &skip, diff_role, &left);
	if (skip > 0)         /* scrolled past the end: back to the last row */
		t->diff_top -= skip;
	if (left)
		scr_printf(y, r.x + 1, r.w - 1, ROLE_DIM, "... %d more row%s (j scrolls)", left,
			   left == 1 ? "" : "s");
}

void
tui_draw(struct tui *t)
{
	scr_erase();
	if (t->too_small) {
		int W = screen_cols(), H = screen_lines();
		char b[160];
		snprintf(b, sizeof b, "The terminal is too small (%dx%d).", W, H);
		scr_str(H / 2 - 1, 1, W - 2, b, ROLE_ERROR);
		snprintf(b, sizeof b, "The inspector needs %dx%d; q quits.", MIN_COLS, MIN_LINES);
		scr_str(H / 2, 1, W - 2, b, ROLE_NORMAL);
		return;
	}
	for (int p = 0; p < PANE_COUNT; p++)
		if (t->pane[p].h > 0)
			panes[p]->draw(t, t->pane[p], t->focus == (enum pane)p && !t->help);
	struct rect tr = t->pane[PANE_TREE];
	for (int y = tr.y; !t->zoom && y < tr.y + tr.h; y++)
		scr_glyph(y, tr.x + tr.w, "\xe2\x94\x82", '|', ROLE_DIM);
	view_status.draw(t, t->status, false);
	if (t->help)
		view_help.draw(t, t->all, true);
	else if (t->rule_view)
		view_rule.draw(t, t->all, true);
	else if (t->source_view)
		view_source.draw(t, t->all, true);
	else if (t->prompt == PROMPT_RULE)
		draw_diff(t, t->all);
}


static void
mouse(struct tui *t, const struct tui_key *k)
{
	if (t->rule_view && !t->help) {
		view_rule.click(t, t->all, k->y - t->all.y, k->x - t->all.x, k->button);
		return;
	}
	if (t->source_view && !t->help) {
		view_source.click(t, t->all, k->y - t->all.y, k->x - t->all.x, k->button);
		return;
	}
	if (t->help || t->too_small)
		return;
	for (int p = 0; p < PANE_COUNT; p++) {
		struct rect r = t->pane[p];
		if (k->y >= r.y && k->y < r.y + r.h && k->x >= r.x && k->x < r.x + r.w) {
			if (k->button == 1)
				t->focus = (enum pane)p;
			panes[p]->click(t, r, k->y - r.y, k->x - r.x, k->button);
			return;
		}
	}
}

/* One event; false when the loop should stop. */
static void
handle(struct tui *t, struct tui_key *k)
{
	keys_normalise(k);
	switch (k->type) {
	case K_SIGNAL:
		t->quit = true;
		t->signal = k->code;
		return;
	case K_RESIZE:
		if (k->x > 0)
			screen_resize(k->x, k->y);
		tui_layout(t);
		return;
	case K_MOUSE:
		t->msg[0] = '\0';
		mouse(t, k);
		return;
	case K_CHAR:
	case K_FN:
		if (t->prompt != PROMPT_NONE) {
			prompt_key(t, k);
			return;
		}
		t->msg[0] = '\0';
		if (k->type == K_CHAR && k->code == 27) {
			t->help = false;
			return;
		}
		/* a count: digits before a movement repeat it (5j); 0 alone
		 * is its own key (the parameters' defaults) */
		if (k->type == K_CHAR && k->code >= '0' && k->code <= '9' &&
		    (k->code != '0' || t->count > 0) && !t->help) {
			t->count = t->count * 10 + (int)(k->code - '0');
			if (t->count > 9999)
				t->count = 9999;
			tui_message(t, false, "%d", t->count);
			return;
		}
		enum action a = keys_lookup(k);
		int n = t->count > 0 ? t->count : 1;
		t->count = 0;
		if (a == ACT_NONE)
			return;
		bool moves = a == ACT_UP || a == ACT_DOWN || a == ACT_LEFT || a == ACT_RIGHT ||
			     a == ACT_PAGE_UP || a == ACT_PAGE_DOWN || a == ACT_HALF_UP ||
			     a == ACT_HALF_DOWN || a == ACT_NEXT_KEPT || a == ACT_PREV_KEPT ||
			     a == ACT_SEARCH_NEXT || a == ACT_SEARCH_PREV;
		unsigned changes = t->m.changes;
		/* a parameter steps n times, and is decided once */
		t->steps = a == ACT_PARAM_INC || a == ACT_PARAM_DEC ? n : 1;
		for (int r = 0; r < (moves ? n : 1); r++)
			tui_do_action(t, a);
		/* a parameter, a pin or an undo: what it did to the text */
		if (t->m.changes != changes && t->m.marking && !t->msg_error &&
		    (t->m.came || t->m.went)) {
			size_t len = strlen(t->msg);
			snprintf(t->msg + len, sizeof t->msg - len, "%s+%zu characters came in, -%zu went",
				 len ? "; " : "", t->m.came, t->m.went);
		}
		return;
	default:
		return;
	}
}

/* ---- loading and the loop ---- */


/* One more of the site's pages read; when the last is, the site's state
 * is built and the page decided again with it. */
static void
load_step(struct tui *t)
{
	/* PITH_TEST_SITE_DELAY=MS: each page takes that much longer (the
	 * tests of the screen while the site is read) */
	const char *delay = getenv("PITH_TEST_SITE_DELAY");
	if (delay)
		usleep((useconds_t)atoi(delay) * 1000);
	t->load_left = cli_sites_step(t->loading);
	if (t->load_left > 0)
		return;         /* the status line says how far */
	cli_sites_finish(t->loading, NULL, t->sites);
	t->loading = NULL;
	model_recompute(&t->m);
	tui_message(t, false, "the site's %d pages are in: the same-site figures use them",
		    t->site ? t->site->n : t->load_total);
}

/* When the parser lost much of the page's text, that is the first thing
 * to say: where the loss begins and in which element (the status line
 * keeps the share). */
void
tui_parse_warning(struct tui *t)
{
	const struct dom *d = t->pg.dom;
	if (!d || !dom_lost(d))
		return;
	struct buf note;
	buf_init(&note);
	dom_parse_note(d, false, &note);
	tui_message(t, true, "%s", note.data);
	buf_free(&note);
}

/* R: the page and the rules read again, the method and its parameters
 * kept; the pins go with the old page (its elements may have changed). */
int
tui_reload(struct tui *t)
{
	const struct cli *c = t->cli;
	char err[512];
	struct page np;
	if (cli_load(c, t->name, &np, true, err, sizeof err) < 0) {
		page_free(&np);
		tui_message(t, true, "%s: %s; the old page stays", t->name, err);
		return -1;
	}
	char *gold = NULL;
	size_t goldlen = 0;
	const char *gp = t->gold_path[0] ? t->gold_path : c->gold;
	if (gp && tui_read_gold(gp, &gold, &goldlen, err, sizeof err) < 0)
		gold = NULL;
	const struct method *algo = t->m.algo;
	struct params p = t->m.params;
	model_free(&t->m);
	page_free(&t->pg);
	t->pg = np;
	t->source_view = false;     /* its bytes were the old page's */
	model_init(&t->m, &t->pg, algo, &p, (const void *const *)t->sites, gold, goldlen);
	/* the text pane's rows were the old page's text: the new model's
	 * text_gen may be theirs, so they are wrapped again from the top */
	free(t->text.wrap);
	t->text.wrap = NULL;
	t->text.nwrap = t->text.wrap_cap = 0;
	t->text.cur = t->text.sc.top = 0;
	free(gold);
	rules_set_free(t->rules);
	t->rules = NULL;
	const char *rf = tui_rules_from(t);
	if (rf && tui_use_rules(t, err, sizeof err) < 0)
		tui_message(t, true, "%s: %s", rf, err);
	else {
		tui_apply_rule(t, false);
		const char *base = strrchr(t->name, '/');
		tui_message(t, false, "read %s%s again; pins dropped",
			    base && base[1] ? base + 1 : t->name, rf ? " and the rules" : "");
	}
	tui_parse_warning(t);
	t->tree.center = true;
	t->quit_asked = false;
	return 0;
}

int
tui_read_gold(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
	struct buf b;
	buf_init(&b);
	if (read_file(path, (size_t)1 << 30, &b, err, errlen) < 0) {
		buf_free(&b);
		return -1;
	}
	buf_adds(&b, "");
	size_t skip = b.len >= 3 && !memcmp(b.data, "\xef\xbb\xbf", 3) ? 3 : 0;
	*len = b.len - skip;
	*text = xmalloc(*len + 1);
	memcpy(*text, b.data + skip, *len);
	(*text)[*len] = '\0';
	buf_free(&b);
	return 0;
}

static double
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* CPU time too: on a loaded machine the wall clock says more about the
 * neighbours than about pith. */
static double
cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static bool
is_threshold_key(const struct tui *t, const struct tui_key *k)
{
	enum action a = keys_lookup(k);
	return t->prompt == PROMPT_NONE &&
	       (a == ACT_PARAM_INC || a == ACT_PARAM_DEC || a == ACT_PARAM_RESET);
}

/* A held + or - sends a key per repeat, faster than a large page is
 * decided: the same keys waiting behind k become one count, so the page
 * is decided once for all of them. */
static void
coalesce(struct tui *t, const struct tui_key *k)
{
	enum action a = keys_lookup(k);
	if (a != ACT_PARAM_INC && a != ACT_PARAM_DEC)
		return;
	int more = 0;
	for (;;) {
		struct tui_key next;
		screen_pollkey(&next);
		if (next.type == K_NONE)
			break;
		if (next.type != k->type || next.code != k->code) {
			screen_ungetkey(&next);
			break;
		}
		more++;
	}
	if (more)
		t->count = (t->count > 0 ? t->count : 1) + more;
}

/* What the loop leaves behind: the site states and w's pending rule. */
static void
free_sites(struct tui *t)
{
	rule_free(t->pending);
	t->pending = NULL;
	buf_free(&t->diff);
	buf_free(&t->pending_why);
	free(t->rules_from);
	t->rules_from = NULL;
	for (int k = 0; t->sites && k < nmethods; k++)
		run_site_free(methods[k], t->sites[k]);
	free(t->sites);
	t->sites = NULL;
	for (int k = 0; t->page_pins && k < t->site->n; k++)
		free(t->page_pins[k]);
	free(t->page_pins);
	free(t->page_elems);
	t->page_pins = NULL;
	t->page_elems = NULL;
	if (t->site)
		strv_free(t->site);
	free(t->site);
	t->site = NULL;
}

/* Everything the inspector holds once its model is made, and t. */
static void
tui_free(struct tui *t)
{
	free(t->text.wrap);
	cli_sites_abandon(t->loading);
	source_view_free(&t->sview);
	model_free(&t->m);
	free_sites(t);
	rules_set_free(t->rules);
	page_free(&t->pg);
	free(t);
}

/* PRE NAME POST ("pith: reading NAME... (Ctrl-C abandons)") on stderr,
 * on one row of the terminal, after wiping the row: a name too long for
 * it keeps its end behind "...", so the "\r\033[K" that wipes the line
 * wipes all of it (a line that wrapped would leave its first rows
 * behind). */
static void
say_line(const char *pre, const char *name, const char *post)
{
	struct winsize ws;
	size_t width = 80;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		width = ws.ws_col;
	struct buf safe = { 0 };
	buf_add_safe(&safe, name, strlen(name));
	for (size_t i = 0; i < safe.len; i++)
		if (safe.data[i] == '\n' || safe.data[i] == '\t' || safe.data[i] == '\r')
			safe.data[i] = ' ';
	size_t fixed = strlen(pre) + strlen(post);
	size_t room = width > fixed + 1 ? width - fixed - 1 : 0;
	const char *s = safe.data;
	size_t n = safe.len;
	bool cut = (size_t)text_width(s, n) > room;
	if (cut) {
		/* the name's end that fits beside "...", a character at a time
		 * from the last */
		size_t keep = 0, cols = 0, fit = room > 3 ? room - 3 : 0;
		while (keep < n) {
			size_t k = 1;
			while (k < n - keep && ((unsigned char)s[n - keep - k] & 0xC0) == 0x80)
				k++;
			size_t w = (size_t)text_width(s + n - keep - k, k);
			if (cols + w > fit)
				break;
			cols += w;
			keep += k;
		}
		s += n - keep;
		n = keep;
	}
	struct buf line = { 0 };
	buf_adds(&line, "\r\033[K");
	buf_adds(&line, pre);
	if (cut && n)
		buf_adds(&line, "...");
	buf_add(&line, s, n);
	buf_adds(&line, post);
	/* a terminal narrower than the words alone gets none */
	if ((size_t)text_width(line.data + 4, line.len - 4) < width)
		fwrite(line.data, 1, line.len, stderr);
	buf_free(&line);
	buf_free(&safe);
}

/* The line tui_open left on the terminal, wiped. */
static void
tui_said(struct tui *t)
{
	if (t->saying)
		fputs("\r\033[K", stderr);
	t->saying = false;
}

/* A page this large has the screen, with a line saying what is being
 * done, before it is read: its parse and decisions take a second or more
 * (a smaller page is on the screen before such a line could be read). */
#define LOADING_BYTES ((off_t)1 << 20)

/* The loading screen: the page's name and size on the status row, what
 * is being done in the middle. */
static void
draw_loading(const char *name, off_t size, const char *what)
{
	scr_erase();
	int W = screen_cols(), H = screen_lines();
	char b[160];
	scr_fill(H - 1, 0, W, ROLE_STATUS);
	int x = scr_str(H - 1, 0, W, " ", ROLE_STATUS);
	x += scr_str(H - 1, x, W - x, name, ROLE_STATUS);
	snprintf(b, sizeof b, " (%.1f MB) | Ctrl-C abandons", (double)size / 1e6);
	scr_str(H - 1, x, W - x, b, ROLE_STATUS);
	int w = text_width(what, strlen(what));
	scr_str(H / 2, w < W ? (W - w) / 2 : 0, W, what, ROLE_NORMAL);
	screen_update(false);
}

/* The inspector is opening for a person at a terminal: no key script,
 * no report, a TERM that can draw. */
static bool
for_a_person(const struct cli *c)
{
	const char *term = getenv("TERM");
	return !c->keys && strcmp(c->command, "report") && term && *term && strcmp(term, "dumb");
}

/* Whether the inspector is to put its screen up before it reads the
 * page: for a person, on a terminal, a file of LOADING_BYTES or more. */
static bool
loads_under_screen(const struct cli *c, const char *in, off_t *size)
{
	struct stat sb;
	if (!for_a_person(c) || !isatty(STDOUT_FILENO) || !strcmp(in, "-") ||
	    stat(in, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size < LOADING_BYTES)
		return false;
	*size = sb.st_size;
	return true;
}

/* The page read (saying so at a terminal, under --timeout), in a new
 * struct tui; NULL when it could not be, the reason reported.  A large
 * page at a terminal is read with the screen up (so, o its options). */
static struct tui *
tui_open(struct cli *c, const struct screen_opts *so, double t0)
{
	struct tui *t = xcalloc(1, sizeof *t);
	t->cli = c;
	const char *in = c->inputs[0];
	t->name = in;
	char err[512];
	const char *shown = strcmp(in, "-") ? in : "standard input";
	off_t size = 0;
	bool early = loads_under_screen(c, in, &size) && screen_init(so, err, sizeof err) == 0;
	if (early) {
		screen_loading(true);
		draw_loading(shown, size, "reading the page...");
		t->loading_at = now_ms() - t0;
	}
	/* a page can take seconds to parse: say so while the terminal is
	 * still the shell's (Ctrl-C abandons it as for any command) */
	bool say = !early && for_a_person(c) && isatty(STDERR_FILENO);
	if (say)
		say_line("pith: reading ", shown, "... (Ctrl-C abandons)");
	/* --timeout: the page's reading, decisions and rule, up to the
	 * first screen, as extract limits a page */
	if (c->timeout > 0) {
		struct buf msg = { 0 };
		if (say)
			buf_add(&msg, "\r\033[K", 4);
		buf_adds(&msg, "pith: ");
		buf_add_safe(&msg, in, strlen(in));
		buf_printf(&msg, ": over the time limit (%d s)\n", c->timeout);
		screen_deadline((unsigned)c->timeout, msg.data);
		buf_free(&msg);
	}
	int loaded = cli_load(c, in, &t->pg, true, err, sizeof err);
	if (loaded >= 0 && t->pg.dom && (say || early)) {
		/* deciding a large page takes as long again: say so until the
		 * first screen (tui_said) */
		char what[96];
		snprintf(what, sizeof what, "deciding %d elements with %s...", t->pg.dom->n,
			 c->algo->name);
		if (early) {
			draw_loading(shown, size, what);
		} else {
			char post[128];
			snprintf(post, sizeof post, ": %s (Ctrl-C abandons)", what);
			say_line("pith: ", shown, post);
			t->saying = true;
		}
	} else if (say) {
		fputs("\r\033[K", stderr);
	}
	if (loaded < 0) {
		screen_deadline(0, NULL);
		screen_end();
		cli_report(in, err);
		page_free(&t->pg);
		free(t);
		return NULL;
	}
	return t;
}

/* The loaded pages: the page given, then each sibling that is another
 * file; and the same site state pith extract builds from --siblings:
 * with keys from a script (or for a report), before the first screen; at
 * a terminal, between keys after it (the page alone until they are in). */
static void
site_pages(struct tui *t, bool now)
{
	struct cli *c = t->cli;
	const char *in = c->inputs[0];
	t->site = xcalloc(1, sizeof *t->site);
	strv_add(t->site, in);
	struct strv sib = { 0 };
	cli_sibling_paths(c, &sib);
	for (int i = 0; i < sib.n; i++)
		if (!tui_same_file(sib.v[i], in))
			strv_add(t->site, sib.v[i]);
	strv_free(&sib);
	t->name = t->site->v[0];
	t->sites = xcalloc((size_t)nmethods, sizeof *t->sites);
	if (c->nsiblings > 0 && now)
		cli_sites_new(c, methods, nmethods, c->inputs, 1, NULL, t->sites);
	else if (c->nsiblings > 0 && (t->loading = cli_sites_begin(c, methods, nmethods,
								    c->inputs, 1)))
		t->load_total = t->load_left = cli_sites_total(t->loading);
}

/* No screen (TERM=dumb): what the method extracts, as pith extract
 * prints it (with the site's pages, when they were being read). */
static void
print_text(struct tui *t, const char *why)
{
	tui_apply_rule(t, false);
	if (t->loading) {
		cli_sites_finish(t->loading, NULL, t->sites);
		t->loading = NULL;
		model_recompute(&t->m);
	}
	screen_deadline(0, NULL);
	eprintf("pith: %s; printing the extracted text\n", why);
	fwrite(t->m.out.data, 1, t->m.out.len, stdout);
}

/* What -v says of the session's keys. */
struct loop_stats {
	int nkeys, nthreshold, ndumps;
	double slowest, total, slowest_threshold, slowest_threshold_cpu;
};

/* Keys until q (or the script's end): each handled, then the screen
 * drawn; at a terminal with the site's pages still to read, one is read
 * whenever no key waits. */
static void
key_loop(struct tui *t, struct script *script, FILE *dumps, bool scripted,
	 struct loop_stats *st)
{
	/* PITH_TEST_ABORT=keys: die after the first key (tests of die()) */
	const char *ta = getenv("PITH_TEST_ABORT");
	bool test_abort = ta && !strcmp(ta, "keys");
	while (!t->quit) {
		struct tui_key k;
		const char *step = "";
		if (scripted) {
			if (script->pos >= script->n)
				break;
			step = script->steps[script->pos];
			k = script->keys[script->pos++];
			if (k.type == K_DUMP) {
				screen_dump(dumps ? dumps : stdout, ++st->ndumps, step);
				continue;
			}
		} else if (t->loading) {
			screen_pollkey(&k);
			if (k.type == K_NONE) {
				load_step(t);
				tui_draw(t);
				screen_update(false);
				continue;
			}
		} else {
			screen_getkey(&k);
		}
		double k0 = now_ms(), kc = cpu_ms();
		bool threshold = is_threshold_key(t, &k);
		if (threshold && !scripted)
			coalesce(t, &k);
		bool full = k.type == K_RESIZE || (k.type == K_CHAR && k.code == 12);
		handle(t, &k);
		if (t->quit)
			break;
		tui_draw(t);
		screen_update(full);
		double dt = now_ms() - k0, dc = cpu_ms() - kc;
		st->nkeys++;
		st->total += dt;
		if (dt > st->slowest)
			st->slowest = dt;
		if (threshold) {
			st->nthreshold++;
			if (dt > st->slowest_threshold)
				st->slowest_threshold = dt;
			if (dc > st->slowest_threshold_cpu)
				st->slowest_threshold_cpu = dc;
		}
		if (scripted && !script->has_dump)
			screen_dump(dumps ? dumps : stdout, ++st->ndumps, step);
		if (test_abort) {
			/* the test hook: a line on the hidden stderr, then a fatal
			 * exit; both must reach the restored terminal */
			eprintf("pith: written while the screen was up\n");
			die("test abort");
		}
	}
}

/* --screen-out's file closed: 0, or 1 with a message when the screens
 * were lost (a full disk, /dev/full). */
static int
close_dumps(FILE *dumps, const char *name)
{
	if (!dumps)
		return 0;
	bool bad = ferror(dumps);
	errno = 0;
	if (fclose(dumps) != 0 || bad) {
		eprintf("pith: %s: %s\n", name, errno ? strerror(errno) : "write error");
		return 1;
	}
	return 0;
}

int
tui_run(struct cli *c)
{
	double t0 = now_ms(), c0 = cpu_ms();
	keys_build();
	/* pith report: the state the inspector would show, then HTML */
	bool report = !strcmp(c->command, "report");
	struct screen_opts so = {
		.scripted = c->keys != NULL,
		.cols = c->screen_cols > 0 ? c->screen_cols : 100,
		.lines = c->screen_lines > 0 ? c->screen_lines : 30,
		.mouse = !c->no_mouse,
	};
	struct tui *t = tui_open(c, &so, t0);
	if (!t)
		return 1;
	char err[512];
	char *gold = NULL;
	size_t goldlen = 0;
	struct script script = { 0 };
	FILE *dumps = NULL;
	if (c->gold && tui_read_gold(c->gold, &gold, &goldlen, err, sizeof err) < 0) {
		tui_said(t);
		screen_end();
		cli_report(c->gold, err);
		goto fail;
	}
	if (c->keys && script_load(&script, c->keys, err, sizeof err) < 0) {
		cli_report(c->keys, err);
		goto fail;
	}
	if (c->keys && c->screen_out && !(dumps = fopen(c->screen_out, "a"))) {
		cli_report(c->screen_out, strerror(errno));
		goto fail;
	}
	site_pages(t, c->keys || report);
	model_init(&t->m, &t->pg, c->algo, &c->params, (const void *const *)t->sites,
		   gold, goldlen);
	free(gold);
	tui_said(t);
	if (c->rules && tui_use_rules(t, err, sizeof err) < 0) {
		screen_end();
		cli_report(c->rules, err);
		screen_deadline(0, NULL);
		tui_free(t);
		script_free(&script);
		close_dumps(dumps, c->screen_out);
		return 1;
	}
	/* with keys from a script, the rule is in before the first screen
	 * (reproducible screens); at a terminal, just after it */
	if (c->keys || report)
		tui_apply_rule(t, false);
	tui_parse_warning(t);
	if (report) {
		screen_deadline(0, NULL);
		int rc = tui_write_report(t, c->outdir, !c->force);
		tui_free(t);
		script_free(&script);
		return rc;
	}
	t->tree.center = true;
	t->hist.sel = -2;
	t->text.sel = -2;
	t->detail.sel = -2;

	/* a large page's screen is up already (tui_open) */
	if (!screen_active() && screen_init(&so, err, sizeof err) < 0) {
		print_text(t, err);
		tui_free(t);
		script_free(&script);
		close_dumps(dumps, c->screen_out);
		return 0;
	}
	screen_loading(false);
	tui_layout(t);
	tui_draw(t);
	screen_update(false);
	if (t->rule_due) {
		tui_apply_rule(t, true);
		tui_parse_warning(t);
		tui_draw(t);
		screen_update(false);
	}
	screen_deadline(0, NULL);
	double first_screen = now_ms() - t0, first_cpu = cpu_ms() - c0;
	struct loop_stats st = { 0 };
	key_loop(t, &script, dumps, so.scripted, &st);
	screen_end();
	if (c->verbose && t->loading_at > 0)
		eprintf("pith: inspector: loading screen after %.1f ms\n", t->loading_at);
	if (c->verbose)
		eprintf("pith: inspector: %d elements; first screen after %.1f ms "
			"(%.1f ms CPU); %d keys, mean %.2f ms, slowest %.2f ms; %d threshold "
			"changes (re-decide + redraw), slowest %.2f ms (%.2f ms CPU)\n",
			t->m.n, first_screen, first_cpu, st.nkeys,
			st.nkeys ? st.total / st.nkeys : 0.0, st.slowest, st.nthreshold,
			st.slowest_threshold, st.slowest_threshold_cpu);
	int sig = t->signal;
	int rc = close_dumps(dumps, c->screen_out);
	script_free(&script);
	tui_free(t);
	if (sig) {
		/* die of the signal, now that the terminal is back */
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return rc;

fail:
	screen_end();
	screen_deadline(0, NULL);
	free(gold);
	script_free(&script);
	page_free(&t->pg);
	free(t);
	return 1;
}
