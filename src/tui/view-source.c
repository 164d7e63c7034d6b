/* view-source.c - the selected element's source (v): the page's bytes
 * from its start tag to past its end tag, each row headed by its byte
 * offset, the element's text highlighted and the tags plain; a minified
 * page (a line wider than the screen) gets a row per tag. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tui/view.h"

enum { OFF_W = 9 };     /* "12345678 " */

static void
add_row(struct source_view_state *v, size_t at)
{
	if (v->nrows == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 256;
		v->rows = xreallocarray(v->rows, (size_t)v->cap, sizeof *v->rows);
	}
	v->rows[v->nrows++] = at;
}

static bool
starts_tag(const char *s, size_t n, size_t i)
{
	return s[i] == '<' && i + 1 < n &&
	       (isalpha((unsigned char)s[i + 1]) || s[i + 1] == '/' || s[i + 1] == '!' ||
		s[i + 1] == '?');
}

/* Each byte of the element's source: 1 for markup (tags, comments, the
 * content of script and style), 0 for text. */
static void
classify(struct source_view_state *v, const char *s)
{
	size_t n = v->end, b = v->start;
	free(v->markup);
	v->markup = xcalloc(n - b + 1, 1);
	size_t i = b;
	while (i < n) {
		if (!starts_tag(s, n, i)) {
			i++;
			continue;
		}
		size_t e;
		if (!strncmp(s + i, "<!--", 4 < n - i ? 4 : n - i)) {
			const char *c = memmem(s + i, n - i, "-->", 3);
			e = c ? (size_t)(c - s) + 3 : n;
		} else {
			const char *gt = memchr(s + i, '>', n - i);
			e = gt ? (size_t)(gt - s) + 1 : n;
			static const char *const raw[] = { "script", "style" };
			for (size_t k = 0; k < 2; k++) {
				size_t l = strlen(raw[k]);
				if (i + 1 + l < n && !strncasecmp(s + i + 1, raw[k], l) &&
				    !isalnum((unsigned char)s[i + 1 + l])) {
					/* to its end tag, which is markup too */
					size_t j = e;
					while (j < n && !(s[j] == '<' && j + 2 + l <= n && s[j + 1] == '/' &&
							  !strncasecmp(s + j + 2, raw[k], l)))
						j++;
					e = j;
				}
			}
		}
		memset(v->markup + (i - b), 1, e - i);
		i = e;
	}
}

/* Rows for a pane w cells wide: at line breaks, before each tag when
 * the element has a line wider than the pane, and where a row is full. */
static void
build_rows(struct tui *t, int w)
{
	struct source_view_state *v = &t->sview;
	const char *s = t->m.pg->src.text;
	size_t n = v->end, b = v->start;
	int cw = w - OFF_W > 8 ? w - OFF_W : 8;
	v->nrows = 0;
	v->pretty = false;
	for (size_t i = b, bol = b; i <= n && !v->pretty; i++)
		if (i == n || s[i] == '\n') {
			v->pretty = text_width(s + bol, i - bol) > cw;
			bol = i + 1;
		}
	size_t i = b;
	while (i < n) {
		add_row(v, i);
		size_t e = i;
		int cells = 0;
		while (e < n && s[e] != '\n') {
			if (v->pretty && e > i && starts_tag(s, n, e) && v->markup[e - b] &&
			    (e == b || !v->markup[e - 1 - b] || s[e - 1] == '>'))
				break;
			uint32_t cp;
			size_t k = utf8_decode((const unsigned char *)s + e, n - e, &cp);
			int cwid = text_width(s + e, k);
			if (cells + cwid > cw && e > i)
				break;
			cells += cwid;
			e += k;
		}
		i = e < n && s[e] == '\n' ? e + 1 : e;
	}
	v->width = w;
}

void
source_view_open(struct tui *t, size_t start, size_t end, int elem)
{
	struct source_view_state *v = &t->sview;
	v->start = start;
	v->end = end;
	v->elem = elem;
	v->sc.top = 0;
	v->width = 0;       /* rows built at the first draw */
	classify(v, t->m.pg->src.text);
}

void
source_view_free(struct source_view_state *v)
{
	free(v->rows);
	free(v->markup);
	memset(v, 0, sizeof *v);
}

static void
source_draw(struct tui *t, struct rect r, bool focused)
{
	(void)focused;
	struct source_view_state *v = &t->sview;
	const char *s = t->m.pg->src.text;
	if (v->width != r.w)
		build_rows(t, r.w);
	int h = r.h - 1;
	scroll_clamp(&v->sc, v->nrows, h);
	for (int y = r.y; y < r.y + r.h; y++)
		scr_fill(y, r.x, r.w, ROLE_NORMAL);
	scr_fill(r.y, r.x, r.w, ROLE_TITLE_FOCUS);
	struct buf label;
	buf_init(&label);
	dom_label(t->m.d, v->elem, &label);
	scr_printf(r.y, r.x, r.w, ROLE_TITLE_FOCUS,
		   " source  %s  bytes %zu-%zu (line %d, column %d)%s  v or q closes%s",
		   label.data, v->start, v->end, t->m.d->line[v->elem], t->m.d->col[v->elem],
		   v->pretty ? ", a row per tag" : "", v->nrows > h ? ", j k scroll" : "");
	buf_free(&label);
	for (int k = 0; k < h && v->sc.top + k < v->nrows; k++) {
		int row = v->sc.top + k;
		size_t i = v->rows[row];
		size_t e = row + 1 < v->nrows ? v->rows[row + 1] : v->end;
		if (e > i && s[e - 1] == '\n')
			e--;
		int y = r.y + 1 + k;
		scr_printf(y, r.x, OFF_W, ROLE_DIM, "%8zu ", i);
		int x = r.x + OFF_W;
		/* runs of markup, plain, and of text, highlighted */
		while (i < e && x < r.x + r.w) {
			uint8_t c = v->markup[i - v->start];
			size_t j = i;
			while (j < e && v->markup[j - v->start] == c)
				j++;
			x += scr_text(y, x, r.x + r.w - x, s + i, j - i,
				      c ? ROLE_NORMAL : ROLE_HIGHLIGHT);
			i = j;
		}
	}
}

static bool
source_act(struct tui *t, struct rect r, enum action a)
{
	return scroll_act(&t->sview.sc, a, r.h - 1);
}

static void
source_click(struct tui *t, struct rect r, int y, int x, int button)
{
	(void)r, (void)y, (void)x;
	scroll_wheel(&t->sview.sc, button);
}

const struct view_ops view_source = {
	.name = "source",
	.draw = source_draw,
	.act = source_act,
	.click = source_click,
};
