/* prompt.c - the inspector's one-line prompts (search, a value, a file
 * name, yes or no) and what finishing each does: save the text or a
 * report, read a gold text, set a parameter. */
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
save_structured(const struct tui *t, enum format fmt, struct buf *out)
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
	format_page(pg, &m->run, pm, fmt, c->front_matter, &fo, comments.data,
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
	/* by the name's extension (format.h's table of formats) */
	enum format f = format_of_path(t->save_path);
	struct buf doc;
	buf_init(&doc);
	if (f != FORMAT_TEXT)
		save_structured(t, f, &doc);
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

void
prompt_open(struct tui *t, enum prompt p)
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
			prompt_open(t, PROMPT_OVERWRITE);
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
	if (t->plen == 0 && p == PROMPT_SEARCH && t->m.query[0]) {
		tui_search(t, t->m.query, 1);   /* an empty / repeats the last search */
		return;
	}
	if (t->plen == 0)
		return;
	if (p == PROMPT_SEARCH) {
		tui_search(t, t->pbuf, 1);
	} else if (p == PROMPT_URL) {
		if (!cli_is_url(t->pbuf)) {
			tui_message(t, true, "%s: not an http:// or https:// address", t->pbuf);
			return;
		}
		snprintf(t->url, sizeof t->url, "%s", t->pbuf);
		tui_write_rule(t);
	} else if (p == PROMPT_GOLD) {
		tui_load_gold(t, t->pbuf);
	} else if (p == PROMPT_PARAM) {
		char err[256];
		if (model_set_param(&t->m, t->pbuf, err, sizeof err) < 0)
			tui_message(t, true, "%s", err);
		else
			tui_param_message(t);
	}
}

/* The rule w prepared not written: say so, and keep nothing of it. */
static void
drop_pending(struct tui *t)
{
	struct stat st;
	if (stat(t->pending_path, &st) == 0)
		tui_message(t, false, "not written: %s is kept as it was", t->pending_path);
	else
		tui_message(t, false, "not written: no %s was made", t->pending_path);
	rule_free(t->pending);
	t->pending = NULL;
	buf_free(&t->diff);
	buf_free(&t->pending_why);
}

/* The questions answered by one key: y, n (or Esc); w's also h (another
 * address) and j, k to scroll the change. */
static void
yes_no_key(struct tui *t, const struct tui_key *k)
{
	enum prompt p = t->prompt;
	int c = k->type == K_CHAR ? k->code : 0;
	if (p == PROMPT_RULE && (c == 'j' || c == ' ' || (k->type == K_FN && k->code == KEY_DOWN))) {
		t->diff_top++;
		return;
	}
	if (p == PROMPT_RULE && (c == 'k' || (k->type == K_FN && k->code == KEY_UP))) {
		t->diff_top -= t->diff_top > 0;
		return;
	}
	bool yes = c == 'y' || c == 'Y', no = c == 'n' || c == 'N' || c == 27;
	bool other = p == PROMPT_RULE && (c == 'h' || c == 'H');
	if (!yes && !no && !other)
		return;         /* the question stays until it is answered */
	t->prompt = PROMPT_NONE;
	t->diff_top = 0;
	if (p == PROMPT_OVERWRITE) {
		if (yes)
			save_text(t);
		else
			tui_message(t, false, "not saved: %s is kept", t->save_path);
		return;
	}
	if (yes) {
		tui_save_pending(t);
	} else if (other) {
		rule_free(t->pending);
		t->pending = NULL;
		buf_free(&t->diff);
		buf_free(&t->pending_why);
		prompt_open(t, PROMPT_URL);
	} else {
		drop_pending(t);
	}
}

void
prompt_key(struct tui *t, const struct tui_key *k)
{
	if (t->prompt == PROMPT_RULE || t->prompt == PROMPT_OVERWRITE) {
		yes_no_key(t, k);
		return;
	}
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

