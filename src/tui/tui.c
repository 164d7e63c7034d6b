/* tui.c - the inspector's loop: load, lay out, read keys (or a key
 * script), turn them into actions through the one action table, draw.
 *
 * Key scripts (--keys FILE, for tests the tig way) are whitespace-separated
 * tokens; a line whose first non-blank character is '#' is a comment.
 *   j  +  /  ?        one character is that key
 *   Enter  <Enter>    a key by name: Up Down Left Right PgUp PgDn Home End
 *                     Enter Tab BTab Space Esc Backspace F1, C-a .. C-z
 *                     (control keys, e.g. <C-r>); angle brackets optional
 *   PIN_OUT  pin-out  an action by its name in actions.h (as is, or in
 *                     lower case with '-' for '_'): its first key
 *   text:WORDS        types each character of WORDS (for / and e prompts)
 *   click:X,Y         a left click at column X, line Y (0-based)
 *   wheelup:X,Y wheeldown:X,Y   the mouse wheel there
 *   resize:COLSxLINES the terminal takes that size
 *   dump              write the screen now
 * Without any dump token the screen is written after every token.  The
 * script ending is the same as q.  Each dump is headed by the tokens
 * since the one before ("--- screen 3: / text:story Enter ---"). */
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
#include <wchar.h>
#include <sys/ioctl.h>

#include <curses.h>

#include "tui/report.h"
#include "tui/tui.h"
#include "tui/view.h"
#include "rules.h"
#include "format.h"
#include "learn.h"
#include "walk.h"

const struct action_info tui_actions[ACT_COUNT] = {
#define A_INFO(name, keys, group, help, handler) [ACT_##name] = { #name, keys, group, help },
	TUI_ACTIONS(A_INFO)
#undef A_INFO
};

/* ---- key names and bindings ---- */

static const struct {
	const char *name;
	enum key_type type;
	int code;
} key_names[] = {
	{ "Up", K_FN, KEY_UP }, { "Down", K_FN, KEY_DOWN },
	{ "Left", K_FN, KEY_LEFT }, { "Right", K_FN, KEY_RIGHT },
	{ "PgUp", K_FN, KEY_PPAGE }, { "PgDn", K_FN, KEY_NPAGE },
	{ "Home", K_FN, KEY_HOME }, { "End", K_FN, KEY_END },
	{ "Enter", K_CHAR, '\n' }, { "Tab", K_CHAR, '\t' },
	{ "BTab", K_FN, KEY_BTAB }, { "Space", K_CHAR, ' ' },
	{ "Esc", K_CHAR, 27 }, { "Backspace", K_FN, KEY_BACKSPACE },
	{ "F1", K_FN, KEY_F(1) },
};

static int parse_key(const char *tok, struct tui_key *k);

/* An action's name, as in the table (PIN_OUT) or as a script would write
 * it (pin-out): the action, or ACT_NONE. */
static enum action
action_named(const char *name)
{
	for (int a = 0; a < ACT_COUNT; a++) {
		const char *an = tui_actions[a].name;
		if (!strcmp(an, name))
			return (enum action)a;
		size_t i = 0;
		while (an[i] && name[i] &&
		       (an[i] == '_' ? name[i] == '-' : name[i] == (an[i] | 0x20)))
			i++;
		if (!an[i] && !name[i])
			return (enum action)a;
	}
	return ACT_NONE;
}

/* The first key the table gives action a. */
static void
action_key(enum action a, struct tui_key *k)
{
	char first[32];
	const char *keys = tui_actions[a].keys;
	size_t n = strcspn(keys, " ");
	snprintf(first, sizeof first, "%.*s", (int)n, keys);
	if (parse_key(first, k) < 0)
		die("bad key '%s' in the action table", first);
}

/* A key name (with or without <>), one character, or an action's name;
 * 0 or -1. */
static int
parse_key(const char *tok, struct tui_key *k)
{
	memset(k, 0, sizeof *k);
	size_t n = strlen(tok);
	char name[32];
	if (n >= 3 && tok[0] == '<' && tok[n - 1] == '>') {
		tok++;
		n -= 2;
	}
	if (n == 0 || n >= sizeof name)
		return -1;
	memcpy(name, tok, n);
	name[n] = '\0';
	uint32_t cp;
	size_t used = utf8_decode((const unsigned char *)name, n, &cp);
	if (used == n) {
		k->type = K_CHAR;
		k->code = (int)cp;
		return 0;
	}
	if (n == 3 && name[0] == 'C' && name[1] == '-' &&
	    ((name[2] >= 'a' && name[2] <= 'z') || (name[2] >= 'A' && name[2] <= 'Z'))) {
		k->type = K_CHAR;
		k->code = (name[2] | 0x20) - 'a' + 1;
		return 0;
	}
	for (size_t i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
		if (!strcmp(key_names[i].name, name)) {
			k->type = key_names[i].type;
			k->code = key_names[i].code;
			return 0;
		}
	enum action a = action_named(name);
	if (a == ACT_NONE)
		return -1;
	action_key(a, k);
	return 0;
}

struct binding {
	enum key_type type;
	int code;
	enum action act;
};
static struct binding bindings[3 * ACT_COUNT];
static int nbindings;

/* The bindings come from the action table; a name it cannot parse is a
 * bug in the table, caught on the first run. */
static void
build_bindings(void)
{
	if (nbindings)
		return;
	for (int a = 0; a < ACT_COUNT; a++) {
		char keys[64];
		snprintf(keys, sizeof keys, "%s", tui_actions[a].keys);
		for (char *tok = strtok(keys, " "); tok; tok = strtok(NULL, " ")) {
			struct tui_key k;
			if (parse_key(tok, &k) < 0 || nbindings == (int)(sizeof bindings / sizeof bindings[0]))
				die("bad key '%s' in the action table", tok);
			bindings[nbindings++] = (struct binding){ k.type, k.code, (enum action)a };
		}
	}
}

static void
normalise_key(struct tui_key *k)
{
	if (k->type == K_FN && k->code == KEY_ENTER) {
		k->type = K_CHAR;
		k->code = '\n';
	} else if (k->type == K_CHAR && k->code == '\r') {
		k->code = '\n';
	} else if (k->type == K_CHAR && (k->code == 127 || k->code == 8)) {
		k->type = K_FN;
		k->code = KEY_BACKSPACE;
	}
}

static enum action
lookup(const struct tui_key *k)
{
	for (int i = 0; i < nbindings; i++)
		if (bindings[i].type == k->type && bindings[i].code == k->code)
			return bindings[i].act;
	return ACT_NONE;
}

void
tui_print_keys(FILE *out, int roff)
{
	const char *group = "";
	for (int a = 0; a < ACT_COUNT; a++) {
		const struct action_info *ai = &tui_actions[a];
		if (strcmp(group, ai->group)) {
			group = ai->group;
			if (roff)
				fprintf(out, ".SS %s\n", group);
			else
				fprintf(out, "%s\n", group);
		}
		if (roff)
			fprintf(out, ".TP\n.B %s\n%s\n", ai->keys, ai->help);
		else
			fprintf(out, "  %-12s %s\n", ai->keys, ai->help);
	}
}

/* ---- key scripts ---- */

/* The keys, and for each the step it names in a dump's header: its own
 * token, or for a dump the tokens since the last dump. */
struct script {
	struct tui_key *keys;
	char **steps;
	int n, cap, pos;
	bool has_dump;
};

static void
script_add(struct script *s, const struct tui_key *k, const char *step)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->keys = xreallocarray(s->keys, (size_t)s->cap, sizeof *s->keys);
		s->steps = xreallocarray(s->steps, (size_t)s->cap, sizeof *s->steps);
	}
	s->steps[s->n] = xstrdup(step);
	s->keys[s->n++] = *k;
}

static void
script_free(struct script *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->steps[i]);
	free(s->steps);
	free(s->keys);
	memset(s, 0, sizeof *s);
}

/* The largest key script read (a test's is a few hundred bytes). */
#define KEY_SCRIPT_MAX ((size_t)1 << 20)

static int
script_load(struct script *s, const char *path, char *err, size_t errlen)
{
	memset(s, 0, sizeof *s);
	/* a regular file of bounded size: --keys /dev/zero would never end */
	if (check_regular(path, KEY_SCRIPT_MAX, err, errlen) < 0)
		return -1;
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	char line[4096];
	int lineno = 0;
	struct buf since;   /* the tokens since the last dump */
	buf_init(&since);
	buf_adds(&since, "");
	while (fgets(line, sizeof line, f)) {
		lineno++;
		char *p = line + strspn(line, " \t");
		if (*p == '#')
			continue;
		for (char *save = NULL, *tok = strtok_r(p, " \t\r\n", &save); tok;
		     tok = strtok_r(NULL, " \t\r\n", &save)) {
			struct tui_key k;
			memset(&k, 0, sizeof k);
			int a, b;
			if (!strcmp(tok, "dump")) {
				k.type = K_DUMP;
				s->has_dump = true;
				script_add(s, &k, since.len ? since.data : "(start)");
				since.len = 0;
				since.data[0] = '\0';
				continue;
			}
			if (since.len < 200)
				buf_printf(&since, "%s%s", since.len ? " " : "", tok);
			if (sscanf(tok, "resize:%dx%d", &a, &b) == 2 && a > 0 && b > 0 && a <= 1000 && b <= 1000) {
				k.type = K_RESIZE;
				k.x = a;
				k.y = b;
			} else if (sscanf(tok, "click:%d,%d", &a, &b) == 2) {
				k.type = K_MOUSE;
				k.button = 1;
				k.x = a;
				k.y = b;
			} else if (sscanf(tok, "wheelup:%d,%d", &a, &b) == 2 ||
				   sscanf(tok, "wheeldown:%d,%d", &a, &b) == 2) {
				k.type = K_MOUSE;
				k.button = tok[5] == 'u' ? 4 : 5;
				k.x = a;
				k.y = b;
			} else if (!strncmp(tok, "text:", 5) && tok[5]) {
				const unsigned char *u = (const unsigned char *)tok + 5;
				size_t n = strlen(tok + 5), i = 0;
				while (i < n) {
					uint32_t cp;
					size_t at = i;
					i += utf8_decode(u + i, n - i, &cp);
					struct tui_key c = { .type = K_CHAR, .code = (int)cp };
					char step[16];
					snprintf(step, sizeof step, "text:%.*s", (int)(i - at), tok + 5 + at);
					script_add(s, &c, step);
				}
				continue;
			} else if (parse_key(tok, &k) < 0) {
				snprintf(err, errlen, "line %d: unknown key '%s'", lineno, tok);
				fclose(f);
				buf_free(&since);
				script_free(s);
				return -1;
			}
			script_add(s, &k, tok);
		}
	}
	fclose(f);
	buf_free(&since);
	return 0;
}

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
		t->tree_center = true;
}

enum { MIN_COLS = 60, MIN_LINES = 16 };

static void
layout(struct tui *t)
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

static const struct view_ops *const panes[PANE_COUNT] = {
	[PANE_TREE] = &view_tree, [PANE_DETAIL] = &view_detail,
	[PANE_TEXT] = &view_text, [PANE_HIST] = &view_histogram,
};

/* w's question: the change to the rule file, over the panes. */
static void
draw_diff(const struct tui *t, struct rect r)
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
	const char *s = t->diff.data ? t->diff.data : "";
	size_t n = t->diff.len, pos = 0;
	int y = r.y + 1, left = 0;
	while (pos < n) {
		const char *nl = memchr(s + pos, '\n', n - pos);
		size_t e = nl ? (size_t)(nl - s) : n;
		if (y < r.y + r.h - 1)
			scr_text(y++, r.x + 1, r.w - 1, s + pos, e - pos,
				 s[pos] == '+' ? ROLE_CONTENT : ROLE_NOISE);
		else
			left++;
		pos = e + 1;
	}
	if (left)
		scr_printf(y, r.x + 1, r.w - 1, ROLE_DIM, "... %d more line%s", left,
			   left == 1 ? "" : "s");
}

static void
draw(struct tui *t)
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

/* ---- actions ---- */

static const char *
short_name(const struct param_desc *d)
{
	const char *dot = strchr(d->name, '.');
	return dot ? dot + 1 : d->name;
}

static void
param_message(struct tui *t)
{
	const struct param_desc *d = t->m.param;
	char v[64];
	params_format(&t->m.params, d, v, sizeof v);
	tui_message(t, false, "%s=%s  (%s)", short_name(d), v, d->help);
}

static void open_prompt(struct tui *t, enum prompt p);
static const char *page_url(const struct tui *t);

static void
rules_problem(void *ctx, const char *file, int line, const char *reason)
{
	(void)ctx;
	/* before the screen starts: stderr is still the terminal's */
	eprintf("pith: %s:%d: %s\n", file, line, reason);
}

/* pith report: to path, or standard output without one.  0 or 1. */
static int
write_report(struct tui *t, const char *path, bool backup)
{
	char err[512];
	if (path) {
		if (report_write(t, path, backup ? WRITE_BACKUP : 0, err, sizeof err) < 0) {
			cli_report(path, err);
			return 1;
		}
		return 0;
	}
	struct buf o;
	buf_init(&o);
	report_build(t, &o);
	fwrite(o.data, 1, o.len, stdout);
	buf_free(&o);
	return 0;
}

/* --rules: load the site rules and let the page's own rule decide.  A
 * rule file with problems still loads; they are reported first. */
static int
use_rules(struct tui *t, char *err, size_t errlen)
{
	int nerr = 0;
	t->rule_due = NULL;
	if (rules_load(t->cli->rules, &t->rules, rules_problem, NULL, &nerr, err, errlen) < 0)
		return -1;
	/* as extract picks it (rules_match): a single FILE given applies
	 * to the page whatever its address, known or not */
	const char *url = page_url(t);
	t->rule_due = rules_match(t->rules, url);
	if (!t->rule_due)
		tui_message(t, false, "no rule in %s for %s", t->cli->rules,
			    url ? url : "this page (give --url)");
	return 0;
}

/* Apply the rule use_rules found.  At a terminal this comes after the
 * first screen, which says so meanwhile: a costly rule (up to the XPath
 * budget) does not keep the screen blank. */
static void
apply_due_rule(struct tui *t, bool show)
{
	const struct rule *r = t->rule_due;
	if (!r)
		return;
	if (show) {
		tui_message(t, false, "applying the rule %s...", r->path ? r->path : r->host);
		draw(t);
		screen_update(false);
	}
	t->rule_due = NULL;
	if (r->path)
		cli_test_hang(r->path);
	model_set_rule(&t->m, r, t->cli->algo_given);
	tui_message(t, false, "rule %s applies", r->path ? r->path : r->host);
}

/* The page's address for the rule: --url, the input itself, the page's
 * canonical link or og:url, or what the user typed at w's prompt. */
static const char *
page_url(const struct tui *t)
{
	const struct cli *c = t->cli;
	const char *canon = t->m.pg->meta.canonical;
	if (t->url[0])
		return t->url;
	if (c->url)
		return c->url;
	if (cli_is_url(c->inputs[0]))
		return c->inputs[0];
	if (canon && cli_is_url(canon))
		return canon;
	return NULL;
}

/* Save the rule w prepared (t->pending) and say what it reproduces. */
static void
save_pending(struct tui *t)
{
	char err[256];
	if (rule_save(t->pending, t->pending_path, err, sizeof err) < 0)
		tui_message(t, true, "%s: %s", t->pending_path, err);
	else
	{
		if (t->pending_pages > 1)
			tui_message(t, false, "wrote %s: learnt from %d pages, at worst %.1f %% of a "
				    "page's text (%.1f %% in other readers)", t->pending_path,
				    t->pending_pages, 100 * t->pending_pith, 100 * t->pending_ftr);
		else
			tui_message(t, false, "wrote %s: the rule reproduces %.1f %% of the text "
				    "(%.1f %% in other readers)", t->pending_path, 100 * t->pending_pith,
				    100 * t->pending_ftr);
		t->saved_once = true;
	}
	rule_free(t->pending);
	t->pending = NULL;
	buf_free(&t->diff);
}

/* Are a and b the same file? */
static bool
same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* w: a site rule (learn.h) learnt from the page shown, with its pins,
 * and its --siblings pages, merged into the host's file in --rules-out
 * FILE, --rules DIR or ./rules/.  The rule is applied first to every
 * page, as pith extract --rules does and as ftr readers do; a change to
 * an existing file, or a rule that gives less than 99 % of some page's
 * text, is shown and written only on y. */
static void
write_rule(struct tui *t)
{
	const char *url = page_url(t);
	if (!url) {
		open_prompt(t, PROMPT_URL);
		return;
	}
	const struct cli *c = t->cli;
	const char *target = c->rules_out ? c->rules_out : c->rules ? c->rules : "rules";
	if (!c->rules_out && !c->rules && mkdir("rules", 0777) < 0 && errno != EEXIST) {
		tui_message(t, true, "rules: %s", strerror(errno));
		return;
	}
	char err[256];
	struct tui_model *m = &t->m;
	if (rules_target(url, target, t->pending_path, sizeof t->pending_path, err, sizeof err) < 0) {
		tui_message(t, true, "%s", err);
		return;
	}
	/* the page shown first, then the site's other loaded pages */
	int nsite = t->site ? t->site->n : 0;
	struct page *pgs = xcalloc((size_t)nsite + 1, sizeof *pgs);
	struct learn_page *lp = xcalloc((size_t)nsite + 1, sizeof *lp);
	bool is_file = strcmp(t->name, "-") && !cli_is_url(t->name);
	lp[0] = (struct learn_page){ .pg = m->pg, .file = is_file ? t->name : NULL, .url = url,
				     .pins = m->pins };
	int n = 1;
	for (int i = 0; i < nsite; i++) {
		if (i == t->cur)
			continue;
		if (cli_load(c, t->site->v[i], &pgs[n - 1], true, err, sizeof err) < 0) {
			page_free(&pgs[n - 1]);
			continue;
		}
		lp[n] = (struct learn_page){ .pg = &pgs[n - 1], .file = t->site->v[i] };
		n++;
	}
	rule_free(t->pending);
	t->pending = NULL;
	buf_free(&t->diff);
	/* the check runs the rule on the page; the title and date it finds
	 * must not replace what the screen shows (learn_rule keeps them) */
	struct learn_out out;
	int rc = learn_rule(lp, n, url, m->algo, &m->params, t->pending_path, &out, err, sizeof err);
	if (rc == 0) {
		t->pending = out.rule;
		out.rule = NULL;
		t->pending_pith = t->pending_ftr = 1;
		for (int i = 0; i < n; i++) {
			if (out.check[i].f_pith < t->pending_pith)
				t->pending_pith = out.check[i].f_pith;
			if (out.check[i].f_ftr < t->pending_ftr)
				t->pending_ftr = out.check[i].f_ftr;
		}
		t->pending_pages = n;
		snprintf(t->pending_worst, sizeof t->pending_worst, "%s",
			 n > 1 ? (lp[out.worst].file ? lp[out.worst].file : "this page") : "");
		learn_out_free(&out);
	}
	for (int i = 1; i < n; i++)
		page_free(lp[i].pg);
	free(pgs);
	free(lp);
	if (rc < 0) {
		tui_message(t, true, "%s", err);
		return;
	}
	struct buf old, now;
	buf_init(&old);
	buf_init(&now);
	struct stat st;
	bool exists = stat(t->pending_path, &st) == 0;
	if (exists && read_file(t->pending_path, 1 << 24, &old, err, sizeof err) < 0)
		old.len = 0;
	rule_write(t->pending, false, &now);
	rules_diff(old.data ? old.data : "", old.len, now.data ? now.data : "", now.len, &t->diff);
	buf_free(&old);
	buf_free(&now);
	if (!exists && t->pending_pith >= 0.99 && t->pending_ftr >= 0.99) {
		save_pending(t);
		return;
	}
	if (exists && t->diff.len == 0) {
		tui_message(t, false, "%s already holds this rule", t->pending_path);
		rule_free(t->pending);
		t->pending = NULL;
		return;
	}
	open_prompt(t, PROMPT_RULE);
}

/* y, Y: the selected element's XPath (the robust one a rule would use) or
 * CSS selector, to the clipboard and the message line. */
static void
copy_selector(struct tui *t, bool css)
{
	const struct tui_model *m = &t->m;
	int i = m->sel;
	if (i < 0)
		return;
	struct buf x, c;
	buf_init(&x);
	buf_init(&c);
	rules_xpath_for(m->d, NULL, i, &x);
	const char *out = x.data;
	if (css) {
		char attr[64];
		if (rules_xpath_to_css(x.data, &c, attr, sizeof attr) < 0 || *attr) {
			/* no CSS form: the path from the root, by position */
			c.len = 0;
			int path[256], k = 0;
			for (int e = i; e >= 0 && k < 256; e = m->d->parent[e])
				path[k++] = e;
			while (k-- > 0)
				buf_printf(&c, "%s%s:nth-of-type(%d)", c.len ? " > " : "",
					   dom_tagname(m->d, path[k]), m->d->pos[path[k]]);
		}
		out = c.data;
	}
	screen_clipboard(out);
	tui_message(t, false, "copied: %s", out);
	buf_free(&x);
	buf_free(&c);
}

/* c: the gold view on or off. */
static void
gold_view(struct tui *t, bool on)
{
	struct tui_model *m = &t->m;
	if (!model_set_gold_view(m, on))
		return;
	t->text.to_missing = m->gold_view;
	if (m->gold_view)
		tui_message(t, false, "gold view: %d passage%s of the gold not extracted; "
			    "in the text pane Enter goes to the top one", m->nmiss,
			    m->nmiss == 1 ? "" : "s");
	else
		tui_message(t, false, "gold view off");
}

static int read_gold(const char *path, char **text, size_t *len, char *err, size_t errlen);

/* c's prompt: read the gold file named and compare with it. */
static void
load_gold(struct tui *t, const char *path)
{
	char err[256], *gold;
	size_t len;
	if (read_gold(path, &gold, &len, err, sizeof err) < 0) {
		tui_message(t, true, "%s: %s", path, err);
		return;
	}
	snprintf(t->gold_path, sizeof t->gold_path, "%s", path);
	model_set_gold(&t->m, gold, len);
	free(gold);
	gold_view(t, true);
}

/* F: the tree filtered to the elements the gold disputes; the selection
 * moves to the first of them at or after it when it is not one. */
static void
gold_filter(struct tui *t)
{
	struct tui_model *m = &t->m;
	if (!model_set_gold_filter(m, !m->gold_filter)) {
		tui_message(t, true, "no gold text to filter by (--gold FILE)");
		return;
	}
	if (!m->gold_filter) {
		t->tree_center = true;
		tui_message(t, false, "filter off: every element");
		return;
	}
	if (m->sel >= 0 && !m->disagree[m->sel]) {
		int first = -1, next = -1;
		for (int i = 0; i < m->n && next < 0; i++)
			if (m->disagree[i]) {
				if (first < 0)
					first = i;
				if (i >= m->sel)
					next = i;
			}
		if (next >= 0 || first >= 0)
			tui_select(t, next >= 0 ? next : first, true);
	}
	t->tree_center = true;
	tui_message(t, false, "filter: %d element%s disagree%s with the gold "
		    "(+ kept, not in it; - in it, dropped); F shows all",
		    m->ndisagree, m->ndisagree == 1 ? "" : "s", m->ndisagree == 1 ? "s" : "");
}

static bool
params_changed(const struct params *a, const struct params *b)
{
	for (size_t i = 0; i < params_count(); i++)
		if (params_get(a, params_at(i)) != params_get(b, params_at(i)))
			return true;
	return false;
}

static void
describe_pin(struct tui *t, int i, const char *what)
{
	struct buf l;
	buf_init(&l);
	model_label(t->m.d, i, &l);
	tui_message(t, false, "%s %s", what, l.data);
	buf_free(&l);
}

static void
unpin(struct tui *t)
{
	struct tui_model *m = &t->m;
	int src = model_pin_source(m, m->sel);
	if (src < 0) {
		tui_message(t, true, "not pinned");
		return;
	}
	model_pin(m, src, PIN_NONE);
	describe_pin(t, src, "unpinned");
}

/* Search for q (the prompt's text, or the last query for n and N). */
static void
search(struct tui *t, const char *q, int dir)
{
	struct tui_model *m = &t->m;
	if (!q[0]) {
		tui_message(t, true, "no search yet: / searches");
		return;
	}
	bool wrapped;
	int i = model_search(m, q, dir, &wrapped);
	if (i == -2) {
		tui_message(t, true, "%s %s: %s", model_query_lang(m->query), m->query, m->xerr);
		return;
	}
	if (i < 0) {
		tui_message(t, true, "%s: %s", model_query_is_xpath(m->query) ? "selects nothing" :
			    "not found", m->query);
		return;
	}
	t->tree_center = true;
	tui_message(t, false, "%s%s  match %d of %d%s", model_query_is_xpath(m->query) ? "" : "/",
		    m->query, m->match_rank, m->nmatches,
		    wrapped ? (dir > 0 ? " (from the top)" : " (from the bottom)") : "");
}

/* s: ./<page name>.txt unless the user typed a name. */
void
tui_save_default(const struct tui *t, char *out, size_t n)
{
	const char *base = strrchr(t->name, '/');
	base = base ? base + 1 : t->name;
	if (!strcmp(t->name, "-") || !*base)
		base = "stdin";
	size_t bl = strlen(base);
	const char *dot = strrchr(base, '.');
	if (dot && dot != base && !cli_is_url(t->name))
		bl = (size_t)(dot - base);
	snprintf(out, n, "./%.*s.txt", (int)(bl > 200 ? 200 : bl), base);
	for (char *c = out + 2; *c; c++)
		if (*c == '/' || *c == '?' || *c == '&')
			*c = '_';
}

void
tui_report_default(const struct tui *t, char *out, size_t n)
{
	char b[300];
	tui_save_default(t, b, sizeof b);
	size_t k = strlen(b);
	if (k > 4 && !strcmp(b + k - 4, ".txt"))
		b[k - 4] = '\0';
	snprintf(out, n, "%s.report.html", b);
}

/* S: the report of what is shown; an existing file is kept as
 * FILE.~N~ first. */
static void
save_report(struct tui *t, const char *path)
{
	struct stat st;
	bool existed = stat(path, &st) == 0;
	if (existed && S_ISDIR(st.st_mode)) {
		tui_message(t, true, "%s: a directory", path);
		return;
	}
	char err[512];
	if (report_write(t, path, WRITE_BACKUP, err, sizeof err) < 0)
		tui_message(t, true, "%s: %s", path, err);
	else
		tui_message(t, false, "wrote the report to %s%s", path,
			    existed ? " (the file that was there is kept as a numbered ~N~ backup)" : "");
}

/* What pith extract --format markdown|html writes of this page with the
 * same options: the same run (pins and rule included), the same address
 * for relative URLs and for the metadata, the comments with --comments. */
static void
save_structured(const struct tui *t, bool markdown, struct buf *out)
{
	const struct cli *c = t->cli;
	const struct tui_model *m = &t->m;
	const struct page *pg = m->pg;
	const char *url = c->url ? c->url : cli_is_url(c->inputs[0]) ? c->inputs[0] : NULL;
	struct page_meta meta, *pm = (struct page_meta *)&pg->meta;
	if (url && pg->dom) {
		extract_meta_url(pg->dom, url, &meta);
		pm = &meta;
	}
	struct buf comments;
	buf_init(&comments);
	if (c->comments && pg->dom)
		extract_comments(pg->dom, m->run.dc.content, m->run.masked ? m->run.mask : NULL,
				 &comments);
	struct format_opts fo = { .links = c->links, .images = c->images,
				  .url = url ? url : pm->canonical, .title = !c->no_title };
	format_page(pg, &m->run, pm, markdown, c->front_matter, &fo, comments.data,
		    comments.len, out);
	buf_free(&comments);
	if (pm == &meta)
		extract_meta_free(&meta);
}

/* Write the text pane's extraction (the method's text, not the dropped
 * text shown greyed) to t->save_path, as text, Markdown or HTML. */
static void
save_text(struct tui *t)
{
	char err[256];
	const struct tui_model *m = &t->m;
	/* by the name's extension (cli.c's format table) */
	enum format f = format_of_path(t->save_path);
	struct buf doc;
	buf_init(&doc);
	if (f != FORMAT_TEXT)
		save_structured(t, f == FORMAT_MARKDOWN, &doc);
	const struct buf *b = f == FORMAT_TEXT ? &m->out : &doc;
	if (write_file_atomic(t->save_path, b->data ? b->data : "", b->len, 0, err,
			      sizeof err) < 0)
		tui_message(t, true, "%s: %s", t->save_path, err);
	else
	{
		const char *title = format_entry(f)->title;
		tui_message(t, false, "saved %zu characters to %s%s%s", m->chars, t->save_path,
			    title ? " as " : "", title ? title : "");
		t->saved_once = true;
	}
	buf_free(&doc);
}

static void
open_prompt(struct tui *t, enum prompt p)
{
	t->prompt = p;
	t->plen = 0;
	t->pbuf[0] = '\0';
}

static void
finish_prompt(struct tui *t)
{
	enum prompt p = t->prompt;
	t->prompt = PROMPT_NONE;
	if (p == PROMPT_SAVE) {
		if (t->plen == 0)
			tui_save_default(t, t->save_path, sizeof t->save_path);
		else
			snprintf(t->save_path, sizeof t->save_path, "%s", t->pbuf);
		struct stat st;
		if (stat(t->save_path, &st) == 0 && S_ISDIR(st.st_mode)) {
			tui_message(t, true, "%s: a directory", t->save_path);
		} else if (stat(t->save_path, &st) == 0) {
			open_prompt(t, PROMPT_OVERWRITE);
		} else {
			save_text(t);
		}
		return;
	}
	if (p == PROMPT_REPORT) {
		char path[4096];
		if (t->plen == 0)
			tui_report_default(t, path, sizeof path);
		else
			snprintf(path, sizeof path, "%s", t->pbuf);
		save_report(t, path);
		return;
	}
	if (p == PROMPT_RULE) {
		if (t->plen == 1 && (t->pbuf[0] == 'y' || t->pbuf[0] == 'Y')) {
			save_pending(t);
		} else {
			tui_message(t, false, "not written: %s is kept", t->pending_path);
			rule_free(t->pending);
			t->pending = NULL;
			buf_free(&t->diff);
		}
		return;
	}
	if (p == PROMPT_OVERWRITE) {
		if (t->plen == 1 && (t->pbuf[0] == 'y' || t->pbuf[0] == 'Y'))
			save_text(t);
		else
			tui_message(t, false, "not saved: %s is kept", t->save_path);
		return;
	}
	if (t->plen == 0 && p == PROMPT_SEARCH && t->m.query[0]) {
		search(t, t->m.query, 1);   /* an empty / repeats the last search */
		return;
	}
	if (t->plen == 0)
		return;
	if (p == PROMPT_SEARCH) {
		search(t, t->pbuf, 1);
	} else if (p == PROMPT_URL) {
		if (!cli_is_url(t->pbuf)) {
			tui_message(t, true, "%s: not an http:// or https:// address", t->pbuf);
			return;
		}
		snprintf(t->url, sizeof t->url, "%s", t->pbuf);
		write_rule(t);
	} else if (p == PROMPT_GOLD) {
		load_gold(t, t->pbuf);
	} else if (p == PROMPT_PARAM) {
		char err[256];
		if (model_set_param(&t->m, t->pbuf, err, sizeof err) < 0)
			tui_message(t, true, "%s", err);
		else
			param_message(t);
	}
}

static void
prompt_key(struct tui *t, const struct tui_key *k)
{
	if (k->type == K_CHAR && k->code == 27) {
		t->prompt = PROMPT_NONE;
		tui_message(t, false, "cancelled");
	} else if (k->type == K_CHAR && k->code == '\n') {
		finish_prompt(t);
	} else if (k->type == K_FN && k->code == KEY_BACKSPACE) {
		while (t->plen > 0 && (t->pbuf[--t->plen] & 0xC0) == 0x80)
			;
		t->pbuf[t->plen] = '\0';
	} else if (k->type == K_CHAR && k->code == 21) {   /* ^U */
		t->plen = 0;
		t->pbuf[0] = '\0';
	} else if (k->type == K_CHAR && k->code >= 32 && t->plen + 5 < sizeof t->pbuf) {
		struct buf b;
		buf_init(&b);
		buf_add_utf8(&b, (uint32_t)k->code);
		memcpy(t->pbuf + t->plen, b.data, b.len);
		t->plen += b.len;
		t->pbuf[t->plen] = '\0';
		buf_free(&b);
	}
}

static int reload(struct tui *t);
static void parse_warning(struct tui *t);

/* ---- the actions' handlers ---- */

static void
act_move(struct tui *t, enum action a)
{
	panes[t->focus]->act(t, t->pane[t->focus], a);
}

static void
act_next_pane(struct tui *t, enum action a)
{
	(void)a;
	t->focus = (enum pane)((t->focus + 1) % PANE_COUNT);
	layout(t);
}

static void
act_prev_pane(struct tui *t, enum action a)
{
	(void)a;
	t->focus = (enum pane)((t->focus + PANE_COUNT - 1) % PANE_COUNT);
	layout(t);
}

static void
act_zoom(struct tui *t, enum action a)
{
	(void)a;
	t->zoom = !t->zoom;
	layout(t);
	if (t->focus == PANE_TREE)
		t->tree_center = true;
}

static void
act_fold(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	if (t->focus == PANE_TEXT) {
		/* the text pane: go to the element behind the cursor's
		 * line, or say why there is none */
		const char *why;
		int i = view_text_elem_at_cursor(t, &why);
		if (i >= 0) {
			int keep = t->text.sc.top, cur = t->text.cur;
			tui_select(t, i, true);
			t->text.sel = m->sel;   /* the text stays where it was */
			t->text.sc.top = keep;
			t->text.cur = cur;
		} else {
			tui_message(t, true, "Enter: %s", why);
		}
		return;
	}
	if (model_has_children(m, m->sel))
		model_toggle_fold(m, m->sel);
	else
		tui_message(t, false, "nothing to fold: no child elements");
}

static void
act_fold_below(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	model_fold_below(m, m->sel);
}

static void
act_unfold_all(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	model_unfold_all(m);
}

static void
act_search(struct tui *t, enum action a)
{
	(void)a;
	open_prompt(t, PROMPT_SEARCH);
}

static void
act_search_next(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	search(t, m->query, 1);
}

static void
act_search_prev(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	search(t, m->query, -1);
}

static void
act_algo(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	const struct method *before = m->algo;
	model_cycle_algo(m, a == ACT_ALGO ? 1 : -1);
	if (m->algo == before)
		tui_message(t, false, "%s is the only method in this build", m->algo->name);
	else
		tui_message(t, false, "method %s", m->algo->name);
}

static void
act_param_select(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	if (!m->param) {
		tui_message(t, true, "%s has no parameters", m->algo->name);
		return;
	}
	model_select_param(m, a == ACT_PARAM_NEXT ? 1 : -1);
	param_message(t);
}

static void
act_param_step(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	if (!m->param) {
		tui_message(t, true, "%s has no parameters", m->algo->name);
		return;
	}
	if (!model_step_param(m, a == ACT_PARAM_INC ? 1 : -1))
		tui_message(t, true, "%s is at its %s", short_name(m->param),
			    a == ACT_PARAM_INC ? "maximum" : "minimum");
	else
		param_message(t);
}

static void
act_param_edit(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	if (m->param)
		open_prompt(t, PROMPT_PARAM);
}

static void
act_param_reset(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	if (model_reset_params(m))
		tui_message(t, false, "%s parameters back to their defaults", m->algo->name);
	else
		tui_message(t, false, "the parameters are at their defaults");
}

static void
act_pin(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	if (m->sel < 0)
		return;
	if (model_pin(m, m->sel, a == ACT_PIN_IN ? PIN_IN : PIN_OUT))
		describe_pin(t, m->sel, a == ACT_PIN_IN ? "pinned in:" : "pinned out:");
	else
		tui_message(t, false, "already pinned %s", a == ACT_PIN_IN ? "in" : "out");
}

static void
act_unpin(struct tui *t, enum action a)
{
	(void)a;
	unpin(t);
}

static void
act_undo(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	if (model_undo(m))
		tui_message(t, false, "undone (%d more)", m->undo_top);
	else
		tui_message(t, true, "nothing to undo");
}

static void
act_redo(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	if (model_redo(m))
		tui_message(t, false, "redone (%d more)", m->nundo - m->undo_top);
	else
		tui_message(t, true, "nothing to redo");
}

static void
act_changed(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	if (!m->step || !m->changed) {
		tui_message(t, false, "not in step mode: t steps through the method's stages");
		return;
	}
	int dir = a == ACT_NEXT_CHANGED ? 1 : -1, found = -1, rank = 0;
	for (int i = m->sel + dir; i >= 0 && i < m->n && found < 0; i += dir)
		if (m->changed[i])
			found = i;
	if (found < 0) {
		tui_message(t, false, "no element %s that stage %d changed (%d in all)",
			    dir > 0 ? "below" : "above", m->step, m->nchanged);
		return;
	}
	for (int i = 0; i <= found; i++)
		rank += m->changed[i] != 0;
	tui_select(t, found, true);
	tui_message(t, false, "stage %d changed this: %d of %d", m->step, rank, m->nchanged);
}

static void
act_hist_zoom(struct tui *t, enum action a)
{
	if (t->pane[PANE_HIST].w > 0)
		view_histogram.act(t, t->pane[PANE_HIST], a);
	else
		tui_message(t, false, "the histogram is not shown: o gives every pane back");
}

static void
act_hist_log(struct tui *t, enum action a)
{
	(void)a;
	t->hist_log = !t->hist_log;
	tui_message(t, false, "histogram: %s scale", t->hist_log ? "log" : "linear");
}

static void
act_hist_lines(struct tui *t, enum action a)
{
	(void)a;
	t->hist_lines = !t->hist_lines;
	if (!t->hist_lines && t->hist_cur > t->m.pg->lb->nblocks)
		t->hist_cur = t->m.pg->lb->nblocks;
	tui_message(t, false, t->hist_lines ?
		    "histogram: Ctext characters per line (a block sums K of them)" :
		    "histogram: blocks of K lines (Y)");
}

static void
act_dropped(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	model_set_show_dropped(m, !m->show_dropped);
	tui_message(t, false, m->show_dropped ? "dropped text shown, greyed" : "dropped text hidden");
}

static void
act_write_rule(struct tui *t, enum action a)
{
	(void)a;
	write_rule(t);
}

static void
act_save_text(struct tui *t, enum action a)
{
	(void)a;
	open_prompt(t, PROMPT_SAVE);
}

static void
act_save_report(struct tui *t, enum action a)
{
	(void)a;
	open_prompt(t, PROMPT_REPORT);
}

static void
act_step(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	if (!m->nstages) {
		tui_message(t, true, "%s has no stages to step through%s", m->algo->name,
			    m->algo->nsteps ? " on this page" : "");
		return;
	}
	if (model_next_step(m))
		tui_message(t, false, "%s stage %d of %d: %s; %d element%s changed (*)",
			    m->algo->name, m->step, m->nstages, m->stage_name, m->nchanged,
			    m->nchanged == 1 ? "" : "s");
	else
		tui_message(t, false, "stages off: the whole method");
}

static void
act_kept(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	int i = model_next_kept(m, a == ACT_NEXT_KEPT ? 1 : -1);
	if (i < 0)
		tui_message(t, true, "no kept text or pin %s", a == ACT_NEXT_KEPT ? "below" : "above");
	else
		tui_select(t, i, true);
}

static void
act_ftr_view(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	if (!model_set_ftr_only(m, !m->ftr_only))
		tui_message(t, true, "no site rule for this page (--rules DIR, --url)");
	else
		tui_message(t, false, m->ftr_only ?
			    "the rule as Full-Text RSS and wallabag read it: body:, strip:, no pith_ lines" :
			    "the rule as pith applies it");
}

static void
act_gold_view(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	if (!m->gold_text) {
		/* no --gold: ask for the file */
		open_prompt(t, PROMPT_GOLD);
		return;
	}
	gold_view(t, !m->gold_view);
}

static void
act_gold_filter(struct tui *t, enum action a)
{
	(void)a;
	gold_filter(t);
}

static void
act_copy(struct tui *t, enum action a)
{
	copy_selector(t, a == ACT_COPY_CSS);
}

static void
act_redraw(struct tui *t, enum action a)
{
	(void)a;
	(void)t;
}

static void
act_reload(struct tui *t, enum action a)
{
	(void)a;
	reload(t);
}

static void
act_source_view(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	size_t start, end;
	int line, col;
	if (model_source_range(m, m->sel, &start, &end, &line, &col) < 0) {
		tui_message(t, false, "%s has no tag of its own in the page: the parser added it",
			    dom_tagname(m->d, m->sel));
		return;
	}
	source_view_open(t, start, end, m->sel);
	t->source_view = true;
}

static void
act_rule_view(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	if (!m->rule) {
		tui_message(t, false, "no site rule applies (--rules with --url, or w writes one)");
		return;
	}
	rule_view_open(t);
	t->rule_view = true;
}

static void
act_page(struct tui *t, enum action a)
{
	if (!t->site || t->site->n < 2) {
		tui_message(t, false, "one page loaded: --siblings gives the site's others");
		return;
	}
	int was = t->cur, pins = model_npins(&t->m);
	t->cur = (t->cur + (a == ACT_NEXT_PAGE ? 1 : t->site->n - 1)) % t->site->n;
	t->name = t->site->v[t->cur];
	if (reload(t) < 0) {
		t->cur = was;
		t->name = t->site->v[was];
		return;
	}
	const char *base = strrchr(t->name, '/');
	tui_message(t, false, "page %d of %d: %s%s", t->cur + 1, t->site->n,
		    base && base[1] ? base + 1 : t->name,
		    pins ? "; the pins of the page before are dropped" : "");
	parse_warning(t);
}

static void
act_help(struct tui *t, enum action a)
{
	(void)a;
	t->help = true;
	t->help_view.sc.top = 0;
}

static void
act_quit(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	if (!t->quit_asked && (model_npins(m) || params_changed(&m->params, &t->cli->params)) &&
	    !t->saved_once) {
		/* asked once: pins and thresholds live only in this session */
		t->quit_asked = true;
		tui_message(t, true, "pins or parameters would be lost: w writes a rule, "
			    "s saves the text; q again quits");
		return;
	}
	t->quit = true;
}

/* Each action's handler, as the action table names it. */
#define A_HANDLER(name, keys, group, help, handler) [ACT_##name] = act_##handler,
static void (*const handlers[ACT_COUNT])(struct tui *t, enum action a) = {
	TUI_ACTIONS(A_HANDLER)
};
#undef A_HANDLER

static void
do_action(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	if (t->help) {
		if (a == ACT_QUIT || a == ACT_HELP)
			t->help = false;
		else
			view_help.act(t, t->all, a);
		return;
	}
	if (t->source_view) {
		if (a == ACT_QUIT || a == ACT_SOURCE_VIEW)
			t->source_view = false;
		else
			view_source.act(t, t->all, a);
		return;
	}
	if (t->rule_view) {
		if (a == ACT_QUIT || a == ACT_RULE_VIEW) {
			t->rule_view = false;
		} else if (a == ACT_FOLD && t->rview.n > 0) {
			/* mark the line's elements as an XPath search marks them */
			const struct rule_line *l = &m->rule->lines[t->rview.line[t->rview.sel]];
			struct buf e;
			buf_init(&e);
			model_rule_line_expr(l, &e);
			t->rule_view = false;
			search(t, e.data, 1);
			buf_free(&e);
		} else {
			view_rule.act(t, t->all, a);
		}
		return;
	}
	if (t->too_small && a != ACT_QUIT && a != ACT_REDRAW)
		return;
	if (a >= 0 && a < ACT_COUNT)
		handlers[a](t, a);
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
	normalise_key(k);
	switch (k->type) {
	case K_SIGNAL:
		t->quit = true;
		t->signal = k->code;
		return;
	case K_RESIZE:
		if (k->x > 0)
			screen_resize(k->x, k->y);
		layout(t);
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
		enum action a = lookup(k);
		int n = t->count > 0 ? t->count : 1;
		t->count = 0;
		if (a == ACT_NONE)
			return;
		bool moves = a == ACT_UP || a == ACT_DOWN || a == ACT_LEFT || a == ACT_RIGHT ||
			     a == ACT_PAGE_UP || a == ACT_PAGE_DOWN || a == ACT_HALF_UP ||
			     a == ACT_HALF_DOWN || a == ACT_NEXT_KEPT || a == ACT_PREV_KEPT ||
			     a == ACT_SEARCH_NEXT || a == ACT_SEARCH_PREV;
		unsigned changes = t->m.changes;
		for (int r = 0; r < (moves ? n : 1); r++)
			do_action(t, a);
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
static void
parse_warning(struct tui *t)
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
static int
reload(struct tui *t)
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
	if (gp && read_gold(gp, &gold, &goldlen, err, sizeof err) < 0)
		gold = NULL;
	const struct method *algo = t->m.algo;
	struct params p = t->m.params;
	model_free(&t->m);
	page_free(&t->pg);
	t->pg = np;
	t->source_view = false;     /* its bytes were the old page's */
	model_init(&t->m, &t->pg, algo, &p, (const void *const *)t->sites, gold, goldlen);
	free(gold);
	rules_set_free(t->rules);
	t->rules = NULL;
	if (c->rules && use_rules(t, err, sizeof err) < 0)
		tui_message(t, true, "%s: %s", c->rules, err);
	else {
		apply_due_rule(t, false);
		const char *base = strrchr(t->name, '/');
		tui_message(t, false, "read %s%s again; pins dropped",
			    base && base[1] ? base + 1 : t->name, c->rules ? " and the rules" : "");
	}
	parse_warning(t);
	t->tree_center = true;
	t->quit_asked = false;
	return 0;
}

static int
read_gold(const char *path, char **text, size_t *len, char *err, size_t errlen)
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
	enum action a = lookup(k);
	return t->prompt == PROMPT_NONE &&
	       (a == ACT_PARAM_INC || a == ACT_PARAM_DEC || a == ACT_PARAM_RESET);
}

/* What the loop leaves behind: the site states and w's pending rule. */
static void
free_sites(struct tui *t)
{
	rule_free(t->pending);
	t->pending = NULL;
	buf_free(&t->diff);
	for (int k = 0; t->sites && k < nmethods; k++)
		run_site_free(methods[k], t->sites[k]);
	free(t->sites);
	t->sites = NULL;
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

/* Columns s[0..n) of UTF-8 takes on a terminal (a character wcwidth does
 * not know takes one). */
static size_t
columns(const char *s, size_t n)
{
	size_t cols = 0;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		i += utf8_decode((const unsigned char *)s + i, n - i, &cp);
		int w = wcwidth((wchar_t)cp);
		cols += w < 0 ? 1 : (size_t)w;
	}
	return cols;
}

/* "pith: reading NAME... (Ctrl-C abandons)" on stderr, on one row of the
 * terminal: a name too long for it keeps its end behind "...", so the
 * "\r\033[K" that wipes the line wipes all of it (a line that wrapped
 * would leave its first rows behind). */
static void
say_reading(const char *name)
{
	static const char pre[] = "pith: reading ", post[] = "... (Ctrl-C abandons)";
	struct winsize ws;
	size_t width = 80;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		width = ws.ws_col;
	struct buf safe = { 0 };
	buf_add_safe(&safe, name, strlen(name));
	for (size_t i = 0; i < safe.len; i++)
		if (safe.data[i] == '\n' || safe.data[i] == '\t' || safe.data[i] == '\r')
			safe.data[i] = ' ';
	size_t fixed = sizeof pre - 1 + sizeof post - 1;
	size_t room = width > fixed + 1 ? width - fixed - 1 : 0;
	const char *s = safe.data;
	size_t n = safe.len;
	bool cut = columns(s, n) > room;
	if (cut) {
		/* the name's end that fits beside "...", a character at a time
		 * from the last */
		size_t keep = 0, cols = 0, fit = room > 3 ? room - 3 : 0;
		while (keep < n) {
			size_t k = 1;
			while (k < n - keep && ((unsigned char)s[n - keep - k] & 0xC0) == 0x80)
				k++;
			size_t w = columns(s + n - keep - k, k);
			if (cols + w > fit)
				break;
			cols += w;
			keep += k;
		}
		s += n - keep;
		n = keep;
	}
	struct buf line = { 0 };
	buf_adds(&line, pre);
	if (cut && n)
		buf_adds(&line, "...");
	buf_add(&line, s, n);
	buf_adds(&line, post);
	/* a terminal narrower than the words alone gets none */
	if (columns(line.data, line.len) < width)
		fwrite(line.data, 1, line.len, stderr);
	buf_free(&line);
	buf_free(&safe);
}

int
tui_run(struct cli *c)
{
	double t0 = now_ms(), c0 = cpu_ms();
	build_bindings();
	struct tui *t = xcalloc(1, sizeof *t);
	t->cli = c;
	const char *in = c->inputs[0];
	t->name = in;
	char err[512];
	/* a page can take seconds to parse: say so while the terminal is
	 * still the shell's (Ctrl-C abandons it as for any command) */
	const char *term = getenv("TERM");
	/* pith report: the state the inspector would show, then HTML */
	bool report = !strcmp(c->command, "report");
	bool say = !c->keys && !report && isatty(STDERR_FILENO) && term && *term &&
		   strcmp(term, "dumb");
	if (say)
		say_reading(strcmp(in, "-") ? in : "standard input");
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
	if (say)
		fputs("\r\033[K", stderr);
	if (loaded < 0) {
		screen_deadline(0, NULL);
		cli_report(in, err);
		page_free(&t->pg);
		free(t);
		return 1;
	}
	char *gold = NULL;
	size_t goldlen = 0;
	if (c->gold && read_gold(c->gold, &gold, &goldlen, err, sizeof err) < 0) {
		screen_deadline(0, NULL);
		cli_report(c->gold, err);
		page_free(&t->pg);
		free(t);
		return 1;
	}
	struct script script = { 0 };
	FILE *dumps = NULL;
	if (c->keys) {
		if (script_load(&script, c->keys, err, sizeof err) < 0) {
			cli_report(c->keys, err);
			goto fail;
		}
		if (c->screen_out) {
			dumps = fopen(c->screen_out, "a");
			if (!dumps) {
				cli_report(c->screen_out, strerror(errno));
				goto fail;
			}
		}
	}

	/* the loaded pages: the page given, then each sibling that is
	 * another file */
	t->site = xcalloc(1, sizeof *t->site);
	strv_add(t->site, in);
	struct strv sib = { 0 };
	cli_sibling_paths(c, &sib);
	for (int i = 0; i < sib.n; i++)
		if (!same_file(sib.v[i], in))
			strv_add(t->site, sib.v[i]);
	strv_free(&sib);
	t->name = t->site->v[0];
	/* the same site state pith extract builds from --siblings: with
	 * keys from a script, before the first screen; at a terminal,
	 * between keys after it (the page alone until they are in) */
	t->sites = xcalloc((size_t)nmethods, sizeof *t->sites);
	if (c->nsiblings > 0 && (c->keys || report))
		cli_sites_new(c, methods, nmethods, c->inputs, 1, NULL, t->sites);
	else if (c->nsiblings > 0 && (t->loading = cli_sites_begin(c, methods, nmethods,
								    c->inputs, 1)))
		t->load_total = t->load_left = cli_sites_total(t->loading);
	model_init(&t->m, &t->pg, c->algo, &c->params, (const void *const *)t->sites,
		   gold, goldlen);
	free(gold);
	gold = NULL;
	if (c->rules && use_rules(t, err, sizeof err) < 0) {
		cli_report(c->rules, err);
		screen_deadline(0, NULL);
		tui_free(t);
		script_free(&script);
		if (dumps)
			fclose(dumps);
		return 1;
	}
	/* with keys from a script, the rule is in before the first screen
	 * (reproducible screens); at a terminal, just after it */
	if (c->keys || report)
		apply_due_rule(t, false);
	parse_warning(t);
	if (report) {
		screen_deadline(0, NULL);
		int rc = write_report(t, c->outdir, !c->force);
		tui_free(t);
		script_free(&script);
		return rc;
	}
	t->tree_center = true;
	t->hist_sel = -2;
	t->text.sel = -2;
	t->detail.sel = -2;

	struct screen_opts so = {
		.scripted = c->keys != NULL,
		.cols = c->screen_cols > 0 ? c->screen_cols : 100,
		.lines = c->screen_lines > 0 ? c->screen_lines : 30,
		.mouse = !c->no_mouse,
	};
	if (screen_init(&so, err, sizeof err) < 0) {
		/* A terminal that cannot address the cursor (TERM=dumb) still
		 * gets what the method extracts, as pith extract prints it
		 * (with the site's pages, when they were being read). */
		apply_due_rule(t, false);
		if (t->loading) {
			cli_sites_finish(t->loading, NULL, t->sites);
			t->loading = NULL;
			model_recompute(&t->m);
		}
		screen_deadline(0, NULL);
		eprintf("pith: %s; printing the extracted text\n", err);
		fwrite(t->m.out.data, 1, t->m.out.len, stdout);
		tui_free(t);
		script_free(&script);
		if (dumps)
			fclose(dumps);
		return 0;
	}
	layout(t);
	draw(t);
	screen_update(false);
	if (t->rule_due) {
		apply_due_rule(t, true);
		parse_warning(t);
		draw(t);
		screen_update(false);
	}
	screen_deadline(0, NULL);
	double first_screen = now_ms() - t0, first_cpu = cpu_ms() - c0;
	double slowest = 0, total = 0, slowest_threshold = 0, slowest_threshold_cpu = 0;
	int nkeys = 0, nthreshold = 0, ndumps = 0;
	/* PITH_TEST_ABORT=keys: die after the first key (tests of die()) */
	const char *ta = getenv("PITH_TEST_ABORT");
	bool test_abort = ta && !strcmp(ta, "keys");

	while (!t->quit) {
		struct tui_key k;
		const char *step = "";
		if (so.scripted) {
			if (script.pos >= script.n)
				break;
			step = script.steps[script.pos];
			k = script.keys[script.pos++];
			if (k.type == K_DUMP) {
				screen_dump(dumps ? dumps : stdout, ++ndumps, step);
				continue;
			}
		} else if (t->loading) {
			screen_pollkey(&k);
			if (k.type == K_NONE) {
				load_step(t);
				draw(t);
				screen_update(false);
				continue;
			}
		} else {
			screen_getkey(&k);
		}
		double k0 = now_ms(), kc = cpu_ms();
		bool threshold = is_threshold_key(t, &k);
		bool full = k.type == K_RESIZE || (k.type == K_CHAR && k.code == 12);
		handle(t, &k);
		if (t->quit)
			break;
		draw(t);
		screen_update(full);
		double dt = now_ms() - k0, dc = cpu_ms() - kc;
		nkeys++;
		total += dt;
		if (dt > slowest)
			slowest = dt;
		if (threshold) {
			nthreshold++;
			if (dt > slowest_threshold)
				slowest_threshold = dt;
			if (dc > slowest_threshold_cpu)
				slowest_threshold_cpu = dc;
		}
		if (so.scripted && !script.has_dump)
			screen_dump(dumps ? dumps : stdout, ++ndumps, step);
		if (test_abort) {
			/* the test hook: a line on the hidden stderr, then a fatal
			 * exit; both must reach the restored terminal */
			eprintf("pith: written while the screen was up\n");
			die("test abort");
		}
	}
	screen_end();
	if (c->verbose)
		eprintf("pith: inspector: %d elements; first screen after %.1f ms "
			"(%.1f ms CPU); %d keys, mean %.2f ms, slowest %.2f ms; %d threshold "
			"changes (re-decide + redraw), slowest %.2f ms (%.2f ms CPU)\n",
			t->m.n, first_screen, first_cpu, nkeys, nkeys ? total / nkeys : 0.0,
			slowest, nthreshold, slowest_threshold, slowest_threshold_cpu);
	int sig = t->signal;
	int rc = 0;
	if (dumps) {
		/* a full disk or /dev/full: the screens are lost, say so */
		bool bad = ferror(dumps);
		errno = 0;
		if (fclose(dumps) != 0 || bad) {
			eprintf("pith: %s: %s\n", c->screen_out, errno ? strerror(errno) :
				"write error");
			rc = 1;
		}
	}
	script_free(&script);
	tui_free(t);
	if (sig) {
		/* die of the signal, now that the terminal is back */
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return rc;

fail:
	screen_deadline(0, NULL);
	free(gold);
	script_free(&script);
	page_free(&t->pg);
	free(t);
	return 1;
}
