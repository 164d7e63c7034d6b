/* view-status.c - the status bar (file, charset, script, method, every
 * parameter with the selected one marked, extracted characters, P/R/F
 * against the gold text) and the message line below it, which also holds
 * the one-line prompt of / and e. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tui/view.h"

struct seg {
	char text[160];
	int style;
};

static const char *
short_name(const struct param_desc *d)
{
	const char *dot = strchr(d->name, '.');
	return dot ? dot + 1 : d->name;
}

/* level 0 says everything; 1, 2 and 3 leave out the script, then how the
 * charset was found (and the parser's share its words), and round the
 * score, then keep only its F and the parameter being turned, when the
 * bar is too narrow. */
static int
status_segments(const struct tui *t, struct seg *s, int max, int level)
{
	const struct tui_model *m = &t->m;
	const struct page *pg = m->pg;
	int n = 0;
#define SEG(style_, ...) do { if (n < max) { \
	snprintf(s[n].text, sizeof s[n].text, __VA_ARGS__); s[n].style = (style_); n++; } } while (0)
	const char *base = strrchr(t->name, '/');
	if (t->site && t->site->n > 1)
		SEG(ROLE_STATUS, " %s (%d/%d) ", base && base[1] ? base + 1 : t->name, t->cur + 1,
		    t->site->n);
	else
		SEG(ROLE_STATUS, " %s ", base && base[1] ? base + 1 : t->name);
	/* the parser lost the page's text: nothing below can be right */
	if (pg->dom && dom_lost(pg->dom))
		SEG(ROLE_ERROR, "| parser lost %ld %%%s ",
		    (pg->dom->source_text - pg->dom->tree_text) * 100 / pg->dom->source_text,
		    level < 2 ? " of the text" : "");
	if (level == 0)
		SEG(ROLE_STATUS, "| %s (%s)%s%s ", pg->src.charset.name,
		    charset_how(&pg->src.charset), m->script ? " " : "",
		    m->script ? m->script : "");
	else if (level == 1)
		SEG(ROLE_STATUS, "| %s (%s) ", pg->src.charset.name,
		    charset_how(&pg->src.charset));
	else
		SEG(ROLE_STATUS, "| %s ", pg->src.charset.name);
	if (m->rule) {
		/* the site rule that decides, and which of its body: lines */
		const char *rp = m->rule->path ? m->rule->path : m->rule->host;
		const char *rb = strrchr(rp, '/');
		rb = rb && rb[1] ? rb + 1 : rp;
		if (m->ftr_only && m->run.outcome.body_line)
			SEG(ROLE_STATUS_PARAM, "| ftr-only rule %s:%d ", rb, m->run.outcome.body_line);
		else if (m->ftr_only)
			SEG(ROLE_STATUS, "| ftr-only rule %s (no body:) ", rb);
		else if (m->run.by_rule)
			SEG(ROLE_STATUS_PARAM, "| rule %s:%d ", rb, m->run.outcome.body_line);
		else
			SEG(ROLE_STATUS, "| rule %s (no body:) ", rb);
	}
	SEG(ROLE_STATUS, "| %s", m->algo->name);
	if (m->algo->status) {
		struct buf w;
		buf_init(&w);
		m->algo->status(&m->run, &w);
		if (w.len && level < 3)
			SEG(ROLE_STATUS, " (%s)", w.data);
		buf_free(&w);
	}
	if (m->step)
		SEG(ROLE_STATUS_PARAM, " stage %d/%d", m->step, m->nstages);
	if (t->loading)
		SEG(ROLE_STATUS_PARAM, " (reading the site's pages: %d of %d)",
		    t->load_total - t->load_left, t->load_total);
	else if (m->algo->site_pages != SITE_NONE && m->algo->site_pages != SITE_SIBLINGS &&
		 !(m->sites && m->sites[method_index(m->algo)]))
		SEG(ROLE_STATUS_PARAM, " (page alone: --siblings gives the site)");
	for (int k = 0; ; k++) {
		const struct param_desc *d = model_method_param(m, k);
		if (!d)
			break;
		if (d->quiet && d != m->param && params_get(&m->params, d) == d->def)
			continue;
		if (level >= 3 && d != m->param)    /* narrow: the one being turned */
			continue;
		char v[64];
		params_format(&m->params, d, v, sizeof v);
		SEG(ROLE_STATUS, " ");
		if (d == m->param)
			SEG(ROLE_STATUS_PARAM, "[%s=%s]", short_name(d), v);
		else
			SEG(ROLE_STATUS, "%s=%s", short_name(d), v);
	}
	SEG(ROLE_STATUS, " | %zu chars ", m->chars);
	/* CJK, Arabic or Tibetan text in a locale that cannot show it */
	if (!screen_utf8() && m->script && strcmp(m->script, "Latin"))
		SEG(ROLE_ERROR, "| %s text needs a UTF-8 locale (LC_ALL=C.UTF-8) ", m->script);
	/* word 4-grams, named: a missing or moved passage lowers them where
	 * a bag of characters would not see it */
	if (m->gold && level == 0)
		SEG(ROLE_STATUS, "| 4-gram P=%.3f R=%.3f F=%.3f ", m->prf.P, m->prf.R, m->prf.F);
	else if (m->gold && level < 3)
		SEG(ROLE_STATUS, "| 4-gram P=%.2f R=%.2f F=%.2f ", m->prf.P, m->prf.R, m->prf.F);
	else if (m->gold)
		SEG(ROLE_STATUS, "| 4-gram F=%.2f ", m->prf.F);
	if (m->gold_filter)
		SEG(ROLE_STATUS_PARAM, "| filter: %d disagree%s ", m->ndisagree,
		    level < 2 ? " with the gold" : "");
	int np = model_npins(m), pages, other = tui_pins_elsewhere(t, &pages);
	if (other && np)
		SEG(ROLE_STATUS, "| %d pin%s (%d on %d pages) ", np, np == 1 ? "" : "s",
		    np + other, pages + 1);
	else if (other)
		SEG(ROLE_STATUS, "| %d pin%s on %d other page%s ", other, other == 1 ? "" : "s",
		    pages, pages == 1 ? "" : "s");
	else if (np)
		SEG(ROLE_STATUS, "| %d pin%s ", np, np == 1 ? "" : "s");
#undef SEG
	return n;
}

static void
status_draw(struct tui *t, struct rect r, bool focused)
{
	struct seg s[32];
	int n = 0, total = 0;
	/* the fields shorten before anything is cut: the script, how the
	 * charset was found, the score's digits, then F alone and only the
	 * parameter being turned */
	int levels = 4;
	for (int level = 0; level < levels; level++) {
		n = status_segments(t, s, 32, level);
		total = 0;
		for (int k = 0; k < n; k++)
			total += text_width(s[k].text, strlen(s[k].text));
		if (total <= r.w)
			break;
	}
	/* too wide: the file name gives way first, keeping its end */
	if (total > r.w) {
		int over = total - r.w;
		size_t len = strlen(s[0].text);
		int fw = text_width(s[0].text, len);
		int keep = fw - over - 2;
		if (keep < 6)
			keep = 6;
		const char *p = s[0].text + 1;
		while (*p && text_width(p, strlen(p)) > keep)
			p++;
		size_t k = strlen(p);
		memmove(s[0].text + 2, p, k + 1);
		s[0].text[0] = ' ';
		s[0].text[1] = '~';
	}
	scr_fill(r.y, r.x, r.w, ROLE_STATUS);
	int x = r.x;
	for (int k = 0; k < n && x < r.x + r.w; k++)
		x += scr_str(r.y, x, r.x + r.w - x, s[k].text, s[k].style);

	int y = r.y + 1;
	scr_fill(y, r.x, r.w, ROLE_NORMAL);
	if (t->prompt != PROMPT_NONE) {
		char lead[640];
		if (t->prompt == PROMPT_SEARCH) {
			snprintf(lead, sizeof lead, "/");
		} else if (t->prompt == PROMPT_URL) {
			snprintf(lead, sizeof lead, "the page's address, for the rule: ");
		} else if (t->prompt == PROMPT_SAVE) {
			char def[80];
			tui_save_default(t, def, sizeof def);
			snprintf(lead, sizeof lead, "save the text to (%.60s; .md Markdown, .html HTML): ",
				 def);
		} else if (t->prompt == PROMPT_REPORT) {
			char def[80];
			tui_report_default(t, def, sizeof def);
			snprintf(lead, sizeof lead, "write the report to (%.60s): ", def);
		} else if (t->prompt == PROMPT_RULE) {
			snprintf(lead, sizeof lead, "write the rule for %s (from %s)? y writes, n does "
				 "not, h another address ", t->pending_host,
				 t->pending_from ? t->pending_from : "the page");
		} else if (t->prompt == PROMPT_GOLD) {
			snprintf(lead, sizeof lead, "the gold text to compare with (a file): ");
		} else if (t->prompt == PROMPT_OVERWRITE) {
			snprintf(lead, sizeof lead, "%.60s exists; replace it? y replaces, n does not ",
				 t->save_path);
		} else {
			char v[64];
			params_format(&t->m.params, t->m.param, v, sizeof v);
			snprintf(lead, sizeof lead, "%s (now %s) = ", short_name(t->m.param), v);
		}
		int w = scr_str(y, r.x, r.w, lead, ROLE_PROMPT);
		bool one_key = t->prompt == PROMPT_RULE || t->prompt == PROMPT_OVERWRITE;
		if (!one_key)
			w += scr_text(y, r.x + w, r.w - w, t->pbuf, t->plen, ROLE_NORMAL);
		scr_fill(y, r.x + w, 1, ROLE_CURSOR);
		if (!one_key)
			scr_str(y, r.x + w + 2, r.w - w - 2, "(Enter: go, Esc: cancel)", ROLE_DIM);
	} else if (t->msg[0]) {
		int role = t->msg_error ? ROLE_ERROR : ROLE_NORMAL;
		size_t mlen = strlen(t->msg);
		if (text_width(t->msg, mlen) <= r.w) {
			scr_str(y, r.x, r.w, t->msg, role);
		} else {
			/* a message wider than the screen takes the status row
			 * too, until the next key: cut at a space, never inside
			 * a word where one can be helped */
			size_t fit = text_fit(t->msg, mlen, r.w, NULL), brk = fit;
			while (brk > 0 && t->msg[brk] != ' ')
				brk--;
			if (brk == 0)
				brk = fit;
			scr_fill(r.y, r.x, r.w, ROLE_NORMAL);
			scr_text(r.y, r.x, r.w, t->msg, brk, role);
			const char *rest = t->msg + brk + (t->msg[brk] == ' ');
			scr_str(y, r.x, r.w, rest, role);
		}
	} else {
		/* whole hints, as many as fit */
		static const char *const hints[] = {
			"? help", "q quit", "Tab pane", "/ search", "p x pin", "u undo", NULL,
			"< > parameter", "a method", "w rule", "o zoom",
		};
		char pm[64], hint[256] = "";
		snprintf(pm, sizeof pm, "+ - %s", t->m.param ? short_name(t->m.param) : "value");
		size_t len = 0;
		for (size_t k = 0; k < sizeof hints / sizeof *hints; k++) {
			const char *h = hints[k] ? hints[k] : pm;
			size_t hl = strlen(h);
			if (text_width(hint, len) + (len ? 2 : 0) + text_width(h, hl) > r.w ||
			    len + hl + 3 > sizeof hint)
				break;
			len += (size_t)snprintf(hint + len, sizeof hint - len, "%s%s", len ? "  " : "", h);
		}
		scr_str(y, r.x, r.w, hint, ROLE_DIM);
	}
}

static bool
status_act(struct tui *t, struct rect r, enum action a)
{
	return false;
}

static void
status_click(struct tui *t, struct rect r, int y, int x, int button)
{
}

const struct view_ops view_status = {
	.name = "status",
	.draw = status_draw,
	.act = status_act,
	.click = status_click,
};
