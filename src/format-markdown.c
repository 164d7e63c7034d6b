/* format-markdown.c - the kept part of a page as Markdown: blocks
 * (headings, paragraphs, lists, quotes, code, tables) with their
 * prefixes, inline marks, links and images, the text escaped where
 * Markdown would read it as markup; plain lines as paragraphs. */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "extract.h"
#include "format.h"
#include "format-int.h"

static void md_element(struct fmt *f, int e);

/* Write one output line: the quote and list prefixes, then s. */
static void
md_line(struct fmt *f, const char *s, size_t n)
{
	struct buf *o = f->out;
	for (int i = 0; i < NSEGS(f); i++) {
		struct seg *g = &f->segs[i];
		buf_adds(o, g->pending ? g->first : g->cont);
		g->pending = false;
	}
	buf_add(o, s, n);
	/* a blank line inside a quote or a list keeps no trailing spaces */
	if (!n)
		while (o->len && o->data[o->len - 1] == ' ')
			o->len--;
	buf_addc(o, '\n');
}

static void
md_blank(struct fmt *f)
{
	if (f->need_blank && f->out->len) {
		/* the prefixes without a pending list marker */
		struct buf *o = f->out;
		for (int i = 0; i < NSEGS(f); i++)
			if (!f->segs[i].pending)
				buf_adds(o, f->segs[i].cont);
		while (o->len && o->data[o->len - 1] == ' ')
			o->len--;
		buf_addc(o, '\n');
	}
	f->need_blank = false;
}

/* A line of running text must not start a Markdown block. */
static void
md_guard_line(struct buf *b, const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && isdigit((unsigned char)s[i]))
		i++;
	if (i > 0 && i < n && (s[i] == '.' || s[i] == ')')) {
		buf_add(b, s, i);
		buf_addc(b, '\\');
		buf_add(b, s + i, n - i);
		return;
	}
	if (n && (s[0] == '#' || s[0] == '>' || s[0] == '+' || s[0] == '-' || s[0] == '=' ||
		  s[0] == '~'))
		buf_addc(b, '\\');
	buf_add(b, s, n);
}

/* Emit the current paragraph (lines split at <br>), with marker. */
static void
md_flush_as(struct fmt *f, const char *marker)
{
	struct buf *p = &f->para;
	f->space = false;
	size_t n = p->len;
	while (n && (p->data[n - 1] == ' ' || p->data[n - 1] == '\n'))
		n--;
	size_t s = 0;
	while (s < n && (p->data[s] == ' ' || p->data[s] == '\n'))
		s++;
	if (s >= n) {
		p->len = 0;
		return;
	}
	md_blank(f);
	struct buf line;
	buf_init(&line);
	bool first = true;
	while (s < n) {
		size_t e = s;
		while (e < n && p->data[e] != '\n')
			e++;
		size_t ls = s, le = e;
		while (ls < le && p->data[ls] == ' ')
			ls++;
		while (le > ls && p->data[le - 1] == ' ')
			le--;
		if (le > ls) {
			line.len = 0;
			if (first && marker) {
				buf_adds(&line, marker);
				buf_add(&line, p->data + ls, le - ls);
			} else {
				md_guard_line(&line, p->data + ls, le - ls);
			}
			/* a hard line break: two spaces */
			if (e < n)
				buf_adds(&line, "  ");
			md_line(f, line.data, line.len);
			first = false;
		}
		s = e + 1;
	}
	buf_free(&line);
	p->len = 0;
	f->need_blank = true;
}

static void
md_flush(struct fmt *f)
{
	if (!f->inline_only)
		md_flush_as(f, NULL);
}

/* Whether s[0..n), from an '&', reads as a character reference:
 * "&copy;", "&#169;", "&#xA9;". */
static bool
entity_at(const char *s, size_t n)
{
	size_t i = 1;
	if (i < n && s[i] == '#') {
		bool hex = ++i < n && (s[i] == 'x' || s[i] == 'X');
		i += hex;
		size_t from = i;
		while (i < n && i - from < 8 && (hex ? isxdigit((unsigned char)s[i]) :
						  isdigit((unsigned char)s[i])))
			i++;
		return i > from && i < n && s[i] == ';';
	}
	size_t from = i;
	while (i < n && i - from < 32 && isalnum((unsigned char)s[i]))
		i++;
	return i > from && isalpha((unsigned char)s[from]) && i < n && s[i] == ';';
}

/* Append code point s[0..k) to out, escaped for Markdown's inline syntax
 * where it could start some: word_before says a letter or digit is
 * written straight before it, next[0..nn) is the text after it, in_cell
 * that it stands in a table's cell.  An underscore inside a word
 * ("rustc_codegen") emphasises nothing, an '&' that starts no character
 * reference ("Q&A", "Cables & chargers") and a '<' that starts no tag or
 * autolink ("a < b") are themselves; they stay so, and the Markdown
 * reads as the text does. */
void
md_escaped(struct buf *out, const char *s, size_t k, bool word_before, const char *next,
	   size_t nn, bool in_cell)
{
	if (k == 1) {
		char c = s[0];
		bool word_after = nn && isalnum((unsigned char)next[0]);
		if (c == '\\' || c == '`' || c == '*' || c == '[' || c == ']' ||
		    (c == '_' && !(word_before && word_after)) || (c == '|' && in_cell)) {
			buf_addc(out, '\\');
		} else if (c == '<' && nn && (isalpha((unsigned char)next[0]) || next[0] == '/' ||
					      next[0] == '!' || next[0] == '?')) {
			buf_adds(out, "&lt;");
			return;
		} else if (c == '&' && entity_at(s, 1 + nn)) {
			buf_adds(out, "&amp;");
			return;
		}
	}
	buf_add(out, s, k);
}

/* Append code point s[0..k) to the current block, escaped (md_escaped):
 * next[0..nn) is the text after it. */
static void
md_add_char(struct fmt *f, const char *s, size_t k, const char *next, size_t nn)
{
	struct buf *p = &f->para;
	if (f->space && p->len && p->data[p->len - 1] != '\n' && p->data[p->len - 1] != ' ')
		buf_addc(p, ' ');
	bool spaced = f->space;
	f->space = false;
	if (f->raw) {
		buf_add(p, s, k);
		return;
	}
	md_escaped(p, s, k, !spaced && p->len && isalnum((unsigned char)p->data[p->len - 1]),
		   next, nn, f->in_cell);
}

static void
md_add_text(struct fmt *f, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n; ) {
		uint32_t cp;
		size_t k = u[i] < 0x80 ? (cp = u[i], 1) : utf8_decode(u + i, n - i, &cp);
		if (uc_is_white(cp))
			f->space = true;
		else
			md_add_char(f, s + i, k, s + i + k, n - i - k);
		i += k;
	}
}

static void
md_texts(struct fmt *f, int from, int to)
{
	for (int t = from; t < to; t++) {
		if (f->d->texts[t].flags & TEXT_SPACED)
			f->space = true;
		if (!text_kept(f, t))
			continue;
		if (f->d->texts[t].flags & TEXT_BREAK) {
			if (f->inline_only) {
				f->space = true;
			} else {
				buf_addc(&f->para, '\n');
				f->space = false;
			}
			continue;
		}
		md_add_text(f, dom_text(f->d, t), f->d->texts[t].len);
	}
}

static void
md_children(struct fmt *f, int e)
{
	const struct dom *d = f->d;
	int pos = d->text_begin[e];
	for (int c = d->first_child[e]; c >= 0; c = d->next_sibling[c]) {
		md_texts(f, pos, d->text_begin[c]);
		md_element(f, c);
		pos = d->text_end[c];
	}
	md_texts(f, pos, d->text_end[e]);
}

static void
push_seg(struct fmt *f, const char *first, const char *cont)
{
	if (f->nsegs < (int)(sizeof f->segs / sizeof f->segs[0])) {
		f->segs[f->nsegs].first = first;
		f->segs[f->nsegs].cont = cont;
		f->segs[f->nsegs].pending = true;
	}
	f->nsegs++;
}

static void
pop_seg(struct fmt *f)
{
	f->nsegs--;
}

/* The text of pre, raw, as a fenced block, its info string the language
 * the block names (dom_code_lang). */
static void
md_pre(struct fmt *f, int e)
{
	const struct dom *d = f->d;
	struct buf b;
	buf_init(&b);
	int block = -1;
	for (int t = d->text_begin[e]; t < d->text_end[e]; t++) {
		if (!text_kept(f, t))
			continue;
		/* a block inside (a highlighter's line in a div) is a line */
		if (d->texts[t].block != block && b.len && b.data[b.len - 1] != '\n')
			buf_addc(&b, '\n');
		block = d->texts[t].block;
		if (d->texts[t].flags & TEXT_BREAK)
			buf_addc(&b, '\n');
		else
			buf_add(&b, dom_text(d, t), d->texts[t].len);
	}
	/* the fence is longer than any run of backticks inside */
	int run = 0, longest = 0;
	for (size_t i = 0; i < b.len; i++) {
		run = b.data[i] == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	char fence[64];
	int fl = longest >= 3 ? (longest + 1 < 63 ? longest + 1 : 63) : 3;
	memset(fence, '`', (size_t)fl);
	fence[fl] = '\0';
	size_t s = 0, n = b.len;
	while (s < n && b.data[s] == '\n')
		s++;
	while (n > s && (b.data[n - 1] == '\n' || b.data[n - 1] == ' ' || b.data[n - 1] == '\t'))
		n--;
	md_blank(f);
	/* a list item that opens with the code: its marker on a line of its
	 * own, the fence under it as the item's content ("5. ```" is read
	 * as text by many a reader) */
	for (int i = 0; i < NSEGS(f); i++)
		if (f->segs[i].pending && strcmp(f->segs[i].first, f->segs[i].cont)) {
			md_line(f, "", 0);
			break;
		}
	char lang[DOM_CODE_LANG], open[64 + DOM_CODE_LANG];
	snprintf(open, sizeof open, "%s%s", fence, dom_code_lang(d, e, lang) ? lang : "");
	md_line(f, open, strlen(open));
	while (s < n) {
		size_t l = s;
		while (l < n && b.data[l] != '\n')
			l++;
		size_t le = l;
		if (le > s && b.data[le - 1] == '\r')
			le--;
		md_line(f, b.data + s, le - s);
		s = l + 1;
	}
	md_line(f, fence, strlen(fence));
	f->need_blank = true;
	buf_free(&b);
}

/* The cell's inline Markdown, one line. */
static char *
md_cell(struct fmt *f, int cell)
{
	struct buf saved = f->para;
	bool space = f->space;
	buf_init(&f->para);
	f->space = false;
	f->inline_only++;
	f->in_cell++;
	md_children(f, cell);
	f->in_cell--;
	f->inline_only--;
	char *s = buf_steal(&f->para, NULL);
	f->para = saved;
	f->space = space;
	struct buf t;
	buf_init(&t);
	text_collapse(s ? s : "", s ? strlen(s) : 0, &t);
	free(s);
	return buf_steal(&t, NULL);
}

static int
nearest_table(const struct dom *d, int e)
{
	for (e = d->parent[e]; e >= 0 && !tag_is(d, e, "table"); e = d->parent[e])
		;
	return e;
}

/* The characters of e's shown text that are not white space. */
static long
shown_chars(const struct dom *d, int e)
{
	long n = 0;
	for (int t = d->text_begin[e]; t < d->text_end[e]; t++) {
		if (d->texts[t].flags & TEXT_SKIP)
			continue;
		const char *s = dom_text(d, t);
		for (size_t k = 0; k < d->texts[t].len; k++)
			n += !isspace((unsigned char)s[k]);
	}
	return n;
}

/* Whether a table lays out a page rather than holding data: one of its
 * cells holds a kept heading, code block or table and more text beside
 * it (a page of the 2000s laid out in a table, an article's heading and
 * its paragraphs in one cell; a data table's column heads, an h4 alone
 * in each head cell, are data).  A Markdown table's cell is one line,
 * so such a table is written as the blocks its cells hold, in order. */
static bool
layout_table(const struct fmt *f, int table)
{
	const struct dom *d = f->d;
	for (int e = table + 1; e < d->end[table]; e++) {
		if (!f->kept[e] || (d->flags[e] & DOM_SKIP) ||
		    !(dom_heading_level(d, e) || tag_is(d, e, "pre") || tag_is(d, e, "table")))
			continue;
		int c = d->parent[e];
		while (c > table && !tag_is(d, c, "td") && !tag_is(d, c, "th"))
			c = d->parent[c];
		if (c > table && nearest_table(d, c) == table && shown_chars(d, c) > shown_chars(d, e))
			return true;
	}
	return false;
}

static void
md_table(struct fmt *f, int table)
{
	const struct dom *d = f->d;
	int nrows = 0, ncols = 0, cap = 0;
	char ***rows = NULL;
	int *widths = NULL;
	for (int r = table + 1; r < d->end[table]; r++) {
		if (!tag_is(d, r, "tr") || nearest_table(d, r) != table || !f->kept[r])
			continue;
		if (nrows == cap) {
			cap = cap ? cap * 2 : 8;
			rows = xreallocarray(rows, (size_t)cap, sizeof *rows);
			widths = xreallocarray(widths, (size_t)cap, sizeof *widths);
		}
		int nc = 0;
		for (int c = d->first_child[r]; c >= 0; c = d->next_sibling[c])
			nc++;
		char **cells = xcalloc((size_t)nc + 1, sizeof *cells);
		int k = 0;
		for (int c = d->first_child[r]; c >= 0; c = d->next_sibling[c])
			cells[k++] = md_cell(f, c);
		rows[nrows] = cells;
		widths[nrows++] = k;
		if (k > ncols)
			ncols = k;
	}
	/* text of the table outside its rows (a caption) */
	for (int c = d->first_child[table]; c >= 0; c = d->next_sibling[c])
		if (tag_is(d, c, "caption")) {
			md_children(f, c);
			md_flush(f);
		}
	if (nrows && ncols) {
		md_blank(f);
		struct buf line;
		buf_init(&line);
		for (int r = 0; r < nrows; r++) {
			line.len = 0;
			buf_addc(&line, '|');
			for (int c = 0; c < ncols; c++) {
				const char *s = c < widths[r] ? rows[r][c] : "";
				buf_addc(&line, ' ');
				buf_adds(&line, s);
				buf_adds(&line, *s ? " |" : "|");
			}
			md_line(f, line.data, line.len);
			if (r == 0) {
				line.len = 0;
				buf_addc(&line, '|');
				for (int c = 0; c < ncols; c++)
					buf_adds(&line, " --- |");
				md_line(f, line.data, line.len);
			}
		}
		buf_free(&line);
		f->need_blank = true;
	}
	for (int r = 0; r < nrows; r++) {
		for (int c = 0; c < widths[r]; c++)
			free(rows[r][c]);
		free(rows[r]);
	}
	free(rows);
	free(widths);
}

/* Wrap para[from..] as the inline construct open ... close. */
static void
md_wrap(struct fmt *f, size_t from, const char *open, const char *close)
{
	struct buf *p = &f->para;
	char *seg = xstrndup(p->data + from, p->len - from);
	p->len = from;
	buf_adds(p, open);
	buf_adds(p, seg);
	buf_adds(p, close);
	free(seg);
}

/* A URL as a Markdown link destination: no spaces, no parentheses. */
static void
md_url(struct buf *b, const char *u)
{
	for (; *u; u++) {
		if (*u == ' ')
			buf_adds(b, "%20");
		else if (*u == '(')
			buf_adds(b, "%28");
		else if (*u == ')')
			buf_adds(b, "%29");
		else
			buf_addc(b, *u);
	}
}

static void
md_inline(struct fmt *f, int e)
{
	const struct dom *d = f->d;
	if (f->img_kept[e]) {
		char *src = fmt_safe_url(f, e, "src", true);
		if (src) {
			const char *alt = dom_attr(d, e, "alt");
			if (f->space && f->para.len)
				buf_addc(&f->para, ' ');
			f->space = false;
			buf_adds(&f->para, "![");
			md_add_text(f, alt ? alt : "", alt ? strlen(alt) : 0);
			f->space = false;
			buf_adds(&f->para, "](");
			md_url(&f->para, src);
			buf_addc(&f->para, ')');
			free(src);
		}
		return;
	}
	if (tag_is(d, e, "code") && !f->raw) {
		if (f->space && f->para.len && f->para.data[f->para.len - 1] != '\n')
			buf_addc(&f->para, ' ');
		f->space = false;
		size_t from = f->para.len;
		/* blocks inside inline code (invalid, but seen) are spaces */
		f->raw++;
		f->inline_only++;
		md_children(f, e);
		f->inline_only--;
		f->raw--;
		if (f->para.len > from) {
			bool tick = memchr(f->para.data + from, '`', f->para.len - from) != NULL;
			md_wrap(f, from, tick ? "`` " : "`", tick ? " ``" : "`");
		}
		return;
	}
	char *href = f->o->links && tag_is(d, e, "a") ? fmt_safe_url(f, e, "href", false) : NULL;
	if (href && href[0] == '#') {
		free(href);
		href = NULL;
	}
	if (!href) {
		md_children(f, e);
		return;
	}
	if (f->space && f->para.len && f->para.data[f->para.len - 1] != '\n')
		buf_addc(&f->para, ' ');
	f->space = false;
	size_t from = f->para.len;
	f->inline_only++;
	md_children(f, e);
	f->inline_only--;
	bool trailing = f->space;
	if (f->para.len > from) {
		struct buf u;
		buf_init(&u);
		buf_adds(&u, "](");
		md_url(&u, href);
		buf_addc(&u, ')');
		md_wrap(f, from, "[", u.data);
		buf_free(&u);
	}
	f->space = trailing;
	free(href);
}

/* Whether unordered list e lays out sections, not items: one of its
 * kept items holds a kept heading (a review's picks, each a heading over
 * its specs table and verdict; a grid of cards, each under its title).
 * Its bullets say nothing, and a heading, table or code block indented
 * under one is read, and drawn by many renderers, as the item's text.
 * An ordered list stays a list: its numbers are a ranking or steps. */
static bool
section_list(const struct fmt *f, int e)
{
	const struct dom *d = f->d;
	for (int c = d->first_child[e]; c >= 0; c = d->next_sibling[c]) {
		if (!tag_is(d, c, "li") || !f->kept[c])
			continue;
		/* a heading in a list inside the item is that list's */
		for (int i = c + 1; i < d->end[c]; i++) {
			if (tag_is(d, i, "ul") || tag_is(d, i, "ol"))
				i = d->end[i] - 1;
			else if (f->kept[i] && !(d->flags[i] & DOM_SKIP) && dom_heading_level(d, i))
				return true;
		}
	}
	return false;
}

static void
md_list(struct fmt *f, int e)
{
	const struct dom *d = f->d;
	/* a list of sections: each item's blocks at the list's own level */
	if (!tag_is(d, e, "ol") && section_list(f, e)) {
		int at = d->text_begin[e];
		md_flush(f);
		for (int c = d->first_child[e]; c >= 0; c = d->next_sibling[c]) {
			md_texts(f, at, d->text_begin[c]);
			at = d->text_end[c];
			md_flush(f);
			md_element(f, c);
			md_flush(f);
			f->need_blank = true;
		}
		md_texts(f, at, d->text_end[e]);
		md_flush(f);
		f->need_blank = true;
		return;
	}
	bool ordered = tag_is(d, e, "ol");
	const char *st = ordered ? dom_attr(d, e, "start") : NULL;
	int num = st && atoi(st) > 0 ? atoi(st) : 1;
	md_flush(f);
	/* a list inside an item follows its first line directly */
	if (f->nsegs > 0 && f->nsegs <= 64 && !strcmp(f->segs[f->nsegs - 1].cont, "    "))
		f->need_blank = false;
	int pos = d->text_begin[e];
	char marker[32];
	for (int c = d->first_child[e]; c >= 0; c = d->next_sibling[c]) {
		md_texts(f, pos, d->text_begin[c]);
		pos = d->text_end[c];
		if (!tag_is(d, c, "li")) {
			md_element(f, c);
			continue;
		}
		if (!f->kept[c]) {
			num++;
			continue;
		}
		md_flush(f);
		if (ordered)
			snprintf(marker, sizeof marker, "%d. ", num > 999999 ? 999999 : num);
		num++;
		push_seg(f, ordered ? marker : "- ", "    ");
		md_children(f, c);
		md_flush(f);
		/* an item with no line of its own (only an image) */
		if (f->nsegs <= 64 && f->segs[f->nsegs - 1].pending)
			f->segs[f->nsegs - 1].pending = false;
		pop_seg(f);
		f->need_blank = false;
	}
	md_texts(f, pos, d->text_end[e]);
	md_flush(f);
	f->need_blank = true;
}

static void
md_element(struct fmt *f, int e)
{
	const struct dom *d = f->d;
	if (tag_is(d, e, "br")) {
		md_texts(f, d->text_begin[e], d->text_end[e]);
		return;
	}
	if (!f->kept[e] || d->flags[e] & DOM_SKIP)
		return;
	if (d->flags[e] & DOM_PHRASING) {
		md_inline(f, e);
		return;
	}
	if (f->inline_only) {
		f->space = true;
		md_children(f, e);
		f->space = true;
		return;
	}
	int h = dom_heading_level(d, e);
	if (h) {
		md_flush(f);
		f->inline_only++;
		md_children(f, e);
		f->inline_only--;
		char marker[8];
		memset(marker, '#', (size_t)h);
		marker[h] = ' ';
		marker[h + 1] = '\0';
		md_flush_as(f, marker);
		return;
	}
	if (tag_is(d, e, "ul") || tag_is(d, e, "ol")) {
		md_list(f, e);
		return;
	}
	if (tag_is(d, e, "pre")) {
		md_flush(f);
		md_pre(f, e);
		return;
	}
	if (tag_is(d, e, "table") && !layout_table(f, e)) {
		md_flush(f);
		md_table(f, e);
		return;
	}
	if (tag_is(d, e, "blockquote")) {
		md_flush(f);
		md_blank(f);
		push_seg(f, "> ", "> ");
		if (f->nsegs <= 64)
			f->segs[f->nsegs - 1].pending = false;
		md_children(f, e);
		md_flush(f);
		pop_seg(f);
		f->need_blank = true;
		return;
	}
	md_flush(f);
	md_children(f, e);
	md_flush(f);
}

void
format_markdown(const struct dom *d, const uint8_t *content, const uint8_t *mask,
		const struct format_opts *o, struct buf *out)
{
	struct fmt f;
	fmt_init(&f, d, content, mask, o, out);
	if (d->n > 0)
		md_element(&f, 0);
	md_flush(&f);
	fmt_free(&f);
	buf_adds(out, "");
}

void
format_lines_markdown(const char *text, size_t len, struct buf *out)
{
	struct format_opts o = { 0 };
	struct fmt f;
	memset(&f, 0, sizeof f);
	f.o = &o;
	f.out = out;
	buf_init(&f.para);
	for (size_t s = 0; s < len; ) {
		size_t e = s;
		while (e < len && text[e] != '\n')
			e++;
		md_add_text(&f, text + s, e - s);
		md_flush(&f);
		s = e + 1;
	}
	buf_free(&f.para);
	buf_adds(out, "");
}
