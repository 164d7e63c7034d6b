/* act.c - what the inspector's actions do: a handler for each (or each
 * pair) of the action table, and what they share (rules, pins, gold,
 * search, copy). */
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
#include "tui/tui-int.h"
#include "rules/rules.h"
#include "format.h"
#include "file.h"
#include "rules/learn.h"


/* ---- actions ---- */

static const char *
short_name(const struct param_desc *d)
{
	const char *dot = strchr(d->name, '.');
	return dot ? dot + 1 : d->name;
}

void
tui_param_message(struct tui *t)
{
	const struct param_desc *d = t->m.param;
	char v[64];
	params_format(&t->m.params, d, v, sizeof v);
	tui_message(t, false, "%s=%s  (%s)", short_name(d), v, d->help);
}

static const char *page_url(struct tui *t, const char **from);

static void
rules_problem(void *ctx, const char *file, int line, const char *reason)
{
	(void)ctx;
	/* before the screen starts: stderr is still the terminal's */
	eprintf("pith: %s:%d: %s\n", file, line, reason);
}

/* pith report: to path, or standard output without one.  0 or 1. */
int
tui_write_report(struct tui *t, const char *path, bool backup)
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
int
tui_use_rules(struct tui *t, char *err, size_t errlen)
{
	int nerr = 0;
	t->rule_due = NULL;
	if (rules_load(tui_rules_from(t), &t->rules, rules_problem, NULL, &nerr, err, errlen) < 0)
		return -1;
	/* as extract picks it (rules_match): a single FILE given applies
	 * to the page whatever its address, known or not */
	const char *url = page_url(t, NULL);
	t->rule_due = rules_match(t->rules, url);
	if (!t->rule_due)
		tui_message(t, false, "no rule in %s for %s", tui_rules_from(t),
			    url ? url : "this page (give --url)");
	return 0;
}

/* Apply the rule use_rules found.  At a terminal this comes after the
 * first screen, which says so meanwhile: a costly rule (up to the XPath
 * budget) does not keep the screen blank. */
void
tui_apply_rule(struct tui *t, bool show)
{
	const struct rule *r = t->rule_due;
	if (!r)
		return;
	if (show) {
		tui_message(t, false, "applying the rule %s...", r->path ? r->path : r->host);
		tui_draw(t);
		screen_update(false);
	}
	t->rule_due = NULL;
	if (r->path)
		cli_test_hang(r->path);
	model_set_rule(&t->m, r, t->cli->algo_given);
	tui_message(t, false, "rule %s applies", r->path ? r->path : r->host);
}

/* The page's address for the rule: what was typed at w's prompt, --url,
 * the input itself, or the page's canonical link or og:url; inside a web
 * archive's address, the original (a rule is for the site archived).
 * *from says where it came from. */
static const char *
page_url(struct tui *t, const char **from)
{
	const struct cli *c = t->cli;
	const char *canon = t->m.pg->meta.canonical;
	const char *u = NULL, *f = NULL;
	if (t->url[0])
		u = t->url, f = "typed";
	else if (c->url)
		u = c->url, f = "--url";
	else if (cli_is_url(c->inputs[0]))
		u = c->inputs[0], f = "the page's address";
	else if (canon && cli_is_url(canon))
		u = canon, f = "the page's canonical address";
	if (u && rules_unarchive(u, t->addr, sizeof t->addr)) {
		snprintf(t->addr_from, sizeof t->addr_from, "%s, a web archive's: the original's host",
			 f);
		u = t->addr;
		f = t->addr_from;
	}
	if (from)
		*from = f;
	return u;
}

const char *
tui_rules_from(const struct tui *t)
{
	return t->rules_from ? t->rules_from : t->cli->rules;
}

/* The rule w wrote is the one in force: read again from where it went
 * (--rules when it is there, else the file itself) and applied, so r
 * lists it, R applies it again and the text pane shows what it gives. */
static void
rule_in_force(struct tui *t)
{
	const char *c = t->cli->rules;
	struct stat st;
	bool in_dir = c && stat(c, &st) == 0 && S_ISDIR(st.st_mode) &&
		      !strncmp(t->pending_path, c, strlen(c)) && t->pending_path[strlen(c)] == '/';
	bool same = c && tui_same_file(c, t->pending_path);
	free(t->rules_from);
	t->rules_from = in_dir || same ? NULL : xstrdup(t->pending_path);
	char err[256], msg[sizeof t->msg];
	snprintf(msg, sizeof msg, "%s", t->msg);
	rules_set_free(t->rules);
	t->rules = NULL;
	if (tui_use_rules(t, err, sizeof err) < 0) {
		tui_message(t, true, "%s: %s", tui_rules_from(t), err);
		return;
	}
	tui_apply_rule(t, false);
	/* what was written is the news, not that the rule applies */
	tui_message(t, false, "%s", msg);
}

/* Save the rule w prepared (t->pending) and say what it reproduces. */
void
tui_save_pending(struct tui *t)
{
	char err[256];
	if (rule_save(t->pending, t->pending_path, err, sizeof err) < 0)
		tui_message(t, true, "%s: %s", t->pending_path, err);
	else
	{
		if (t->pending_pages > 1)
			tui_message(t, false, "wrote %s for %s: learnt from %d pages, at worst %.1f %% "
				    "of a page's text (%.1f %% in other readers)",
				    t->pending_path, t->pending_host, t->pending_pages,
				    100 * t->pending_pith, 100 * t->pending_ftr);
		else
			tui_message(t, false, "wrote %s for %s: the rule reproduces %.1f %% of the "
				    "text (%.1f %% in other readers)", t->pending_path,
				    t->pending_host, 100 * t->pending_pith, 100 * t->pending_ftr);
		t->saved_once = true;
	}
	rule_free(t->pending);
	t->pending = NULL;
	buf_free(&t->diff);
	buf_free(&t->pending_why);
	if (!t->msg_error)
		rule_in_force(t);
}

/* Are a and b the same file? */
bool
tui_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* The loaded pages for the learner: the page shown first, with its
 * pins, then the site's others, each with the pins the session keeps for
 * it.  The address given (--url, the input's own, typed) is the page's
 * it was given for; the others' come from the pages themselves.  The
 * count; pgs holds the pages read here. */
static int
learn_pages(struct tui *t, const char *url, const char *from, struct page *pgs,
	    struct learn_page *lp)
{
	const struct cli *c = t->cli;
	struct tui_model *m = &t->m;
	bool typed = from && !strcmp(from, "typed");
	int given = typed ? t->cur : 0;
	bool canon = from && strstr(from, "canonical");
	bool is_file = strcmp(t->name, "-") && !cli_is_url(t->name);
	lp[0] = (struct learn_page){ .pg = m->pg, .file = is_file ? t->name : NULL,
				     .url = t->cur == given && !canon ? url : NULL,
				     .pins = m->pins };
	int n = 1, nsite = t->site ? t->site->n : 0;
	char err[256];
	for (int i = 0; i < nsite; i++) {
		if (i == t->cur)
			continue;
		if (cli_load(c, t->site->v[i], &pgs[n - 1], true, err, sizeof err) < 0) {
			page_free(&pgs[n - 1]);
			continue;
		}
		const uint8_t *pins = t->page_pins && pgs[n - 1].dom &&
				      t->page_elems[i] == pgs[n - 1].dom->n ? t->page_pins[i] : NULL;
		lp[n] = (struct learn_page){ .pg = &pgs[n - 1], .file = t->site->v[i],
					     .url = i == given && !canon ? url : NULL, .pins = pins };
		n++;
	}
	return n;
}

/* w: a site rule (rules/learn.h) learnt from the page shown and the
 * site's other loaded pages, each with its pins, merged into the host's
 * file in --rules-out FILE, --rules DIR or ./rules/.  The rule is
 * applied first to every page, as pith extract --rules does and as ftr
 * readers do; a change to an existing file, a rule that gives less than
 * 99 % of some page's text, a pin it cannot reproduce, or a host that
 * the user did not give, is shown and written only on y. */
void
tui_write_rule(struct tui *t)
{
	const char *from;
	const char *url = page_url(t, &from);
	if (!url) {
		prompt_open(t, PROMPT_URL);
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
	if (rules_url_parts(url, t->pending_host, sizeof t->pending_host, NULL) < 0)
		snprintf(t->pending_host, sizeof t->pending_host, "%s", url);
	t->pending_from = from;
	int nsite = t->site ? t->site->n : 0;
	struct page *pgs = xcalloc((size_t)nsite + 1, sizeof *pgs);
	struct learn_page *lp = xcalloc((size_t)nsite + 1, sizeof *lp);
	int n = learn_pages(t, url, from, pgs, lp);
	rule_free(t->pending);
	t->pending = NULL;
	buf_free(&t->diff);
	buf_free(&t->pending_why);
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
		if (out.pins_why.len)
			buf_add(&t->pending_why, out.pins_why.data, out.pins_why.len);
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
	bool given = !strcmp(from, "typed") || !strcmp(from, "--url");
	if (!exists && given && !t->pending_why.len && t->pending_pith >= 0.99 &&
	    t->pending_ftr >= 0.99) {
		tui_save_pending(t);
		return;
	}
	if (exists && t->diff.len == 0 && !t->pending_why.len) {
		tui_message(t, false, "%s already holds this rule", t->pending_path);
		rule_free(t->pending);
		t->pending = NULL;
		return;
	}
	prompt_open(t, PROMPT_RULE);
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


/* c's prompt: read the gold file named and compare with it. */
void
tui_load_gold(struct tui *t, const char *path)
{
	char err[256], *gold;
	size_t len;
	if (tui_read_gold(path, &gold, &len, err, sizeof err) < 0) {
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
		t->tree.center = true;
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
	t->tree.center = true;
	tui_message(t, false, "filter: %d element%s disagree%s with the gold "
		    "(> kept, not in it; < in it, dropped); F shows all",
		    m->ndisagree, m->ndisagree == 1 ? "" : "s", m->ndisagree == 1 ? "s" : "");
}

/* ---- the session's pins, per loaded page ---- */

static int
count_pins(const uint8_t *pins, int n)
{
	int k = 0;
	for (int i = 0; pins && i < n; i++)
		k += pins[i] != PIN_NONE;
	return k;
}

int
tui_pins_elsewhere(const struct tui *t, int *pages)
{
	int total = 0;
	*pages = 0;
	for (int k = 0; t->page_pins && t->site && k < t->site->n; k++) {
		int c = k == t->cur ? 0 : count_pins(t->page_pins[k], t->page_elems[k]);
		total += c;
		*pages += c > 0;
	}
	return total;
}

/* The shown page's pins kept for the session, before another is shown. */
static void
keep_pins(struct tui *t)
{
	if (!t->site)
		return;
	if (!t->page_pins) {
		t->page_pins = xcalloc((size_t)t->site->n, sizeof *t->page_pins);
		t->page_elems = xcalloc((size_t)t->site->n, sizeof *t->page_elems);
	}
	const struct tui_model *m = &t->m;
	free(t->page_pins[t->cur]);
	t->page_pins[t->cur] = NULL;
	if (model_npins(m) == 0)
		return;
	t->page_pins[t->cur] = xmalloc((size_t)m->n + 1);
	memcpy(t->page_pins[t->cur], m->pins, (size_t)m->n);
	t->page_elems[t->cur] = m->n;
}

/* The shown page's pins as they were when it was left (the same file
 * read again: the same elements). */
static void
restore_pins(struct tui *t)
{
	if (t->page_pins && t->page_pins[t->cur] && t->page_elems[t->cur] == t->m.n)
		model_set_pins(&t->m, t->page_pins[t->cur]);
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
void
tui_search(struct tui *t, const char *q, int dir)
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
	t->tree.center = true;
	tui_message(t, false, "%s%s  match %d of %d%s", model_query_is_xpath(m->query) ? "" : "/",
		    m->query, m->match_rank, m->nmatches,
		    wrapped ? (dir > 0 ? " (from the top)" : " (from the bottom)") : "");
}

/* ---- the actions' handlers ---- */

static void
act_move(struct tui *t, enum action a)
{
	panes[t->focus]->act(t, t->pane[t->focus], a);
}

static void
act_pane(struct tui *t, enum action a)
{
	t->focus = (enum pane)((t->focus + (a == ACT_NEXT_PANE ? 1 : PANE_COUNT - 1)) % PANE_COUNT);
	tui_layout(t);
}

static void
act_zoom(struct tui *t, enum action a)
{
	(void)a;
	t->zoom = !t->zoom;
	tui_layout(t);
	if (t->focus == PANE_TREE)
		t->tree.center = true;
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

/* /, s and S: the prompt each opens. */
static void
act_prompt(struct tui *t, enum action a)
{
	prompt_open(t, a == ACT_SEARCH ? PROMPT_SEARCH : a == ACT_SAVE_TEXT ? PROMPT_SAVE :
		    PROMPT_REPORT);
}

/* n and N: the last query again, down or up. */
static void
act_search_again(struct tui *t, enum action a)
{
	tui_search(t, t->m.query, a == ACT_SEARCH_NEXT ? 1 : -1);
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
	tui_param_message(t);
}

static void
act_param_step(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	if (!m->param) {
		tui_message(t, true, "%s has no parameters", m->algo->name);
		return;
	}
	int n = t->steps > 0 ? t->steps : 1;
	t->steps = 1;   /* the count is this key's */
	const struct param_desc *d = m->param;
	/* an even count of switches leaves a switch as it was */
	bool same = n % 2 == 0 && (d->type == PARAM_BOOL || (d->type == PARAM_ENUM && d->max == 1));
	if (!model_step_param(m, a == ACT_PARAM_INC ? n : -n) && !same)
		tui_message(t, true, "%s is at its %s", short_name(m->param),
			    a == ACT_PARAM_INC ? "maximum" : "minimum");
	else
		tui_param_message(t);
}

static void
act_param_edit(struct tui *t, enum action a)
{
	struct tui_model *m = &t->m;
	(void)a;
	if (m->param)
		prompt_open(t, PROMPT_PARAM);
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
	t->hist.log = !t->hist.log;
	tui_message(t, false, "histogram: %s scale", t->hist.log ? "log" : "linear");
}

static void
act_hist_lines(struct tui *t, enum action a)
{
	(void)a;
	t->hist.lines = !t->hist.lines;
	if (!t->hist.lines && t->hist.cur > t->m.pg->lb->nblocks)
		t->hist.cur = t->m.pg->lb->nblocks;
	tui_message(t, false, t->hist.lines ?
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
	tui_write_rule(t);
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
		prompt_open(t, PROMPT_GOLD);
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
	tui_reload(t);
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
	int was = t->cur;
	keep_pins(t);
	t->cur = (t->cur + (a == ACT_NEXT_PAGE ? 1 : t->site->n - 1)) % t->site->n;
	t->name = t->site->v[t->cur];
	if (tui_reload(t) < 0) {
		t->cur = was;
		t->name = t->site->v[was];
		return;
	}
	restore_pins(t);
	const char *base = strrchr(t->name, '/');
	int np = model_npins(&t->m);
	tui_message(t, false, "page %d of %d: %s%s", t->cur + 1, t->site->n,
		    base && base[1] ? base + 1 : t->name, np ? "; its pins are back" : "");
	tui_parse_warning(t);
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
	int elsewhere;
	if (!t->quit_asked && (model_npins(m) || tui_pins_elsewhere(t, &elsewhere) ||
			       params_changed(&m->params, &t->cli->params)) &&
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

void
tui_do_action(struct tui *t, enum action a)
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
			tui_search(t, e.data, 1);
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
