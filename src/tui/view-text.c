/* view-text.c - the text the current method extracts, wrapped to the
 * pane, with the selected element's part highlighted, pinned text marked
 * and, on request, the dropped text greyed in between. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tui/view.h"

static void
add_row(struct text_state *st, size_t start)
{
	if (st->nwrap == st->wrap_cap) {
		st->wrap_cap = st->wrap_cap ? st->wrap_cap * 2 : 256;
		st->wrap = xreallocarray(st->wrap, (size_t)st->wrap_cap, sizeof *st->wrap);
	}
	/* wrap grows with wrap_cap above: never NULL here */
	st->wrap[st->nwrap++] = start;   /* NOLINT(clang-analyzer-core.NullDereference) */
}

/* May a row end after the first n bytes of s?  After a space, and after
 * a Tibetan tsheg (U+0F0B), which separates syllables as a space would. */
static bool
break_after(const char *s, size_t n)
{
	return s[n - 1] == ' ' || (n >= 3 && !memcmp(s + n - 3, "\xe0\xbc\x8b", 3));
}

/* Rows as start offsets: each line wrapped by display cells, at a space
 * when there is one (CJK text has none and breaks anywhere). */
static void
rewrap(struct tui *t, int w)
{
	const struct buf *s = &t->m.shown;
	t->text.nwrap = 0;
	size_t pos = 0;
	while (pos < s->len) {
		const char *nl = memchr(s->data + pos, '\n', s->len - pos);
		size_t le = nl ? (size_t)(nl - s->data) : s->len;
		if (le == pos)
			add_row(&t->text, pos);
		while (pos < le) {
			add_row(&t->text, pos);
			size_t fit = text_fit(s->data + pos, le - pos, w, NULL);
			if (pos + fit >= le)
				break;
			size_t brk = fit;
			while (brk > 0 && !break_after(s->data + pos, brk))
				brk--;
			if (brk == 0)
				brk = fit;
			if (brk == 0) {   /* not even one character fits */
				uint32_t cp;
				brk = utf8_decode((const unsigned char *)s->data + pos, le - pos, &cp);
			}
			pos += brk;
		}
		pos = le + 1;
	}
	t->text.width = w;
	t->text.wrapped = t->m.text_gen;
}

static int
row_of(const struct tui *t, size_t off)
{
	int lo = 0, hi = t->text.nwrap - 1, r = 0;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (t->text.wrap[mid] <= off) {
			r = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return r;
}

static size_t
row_end(const struct tui *t, int k)
{
	const struct buf *s = &t->m.shown;
	size_t e = k + 1 < t->text.nwrap ? t->text.wrap[k + 1] : s->len;
	const char *nl = memchr(s->data + t->text.wrap[k], '\n', e - t->text.wrap[k]);
	return nl ? (size_t)(nl - s->data) : e;
}

static uint8_t
run_flags_at(const struct tui_model *m, size_t off)
{
	for (int k = 0; k < m->nruns; k++)
		if (m->runs[k].start <= off && off < m->runs[k].end)
			return m->runs[k].flags;
	return 0;
}

static int
style_at(const struct tui_model *m, size_t off, int *run, size_t *next)
{
	size_t nb = (size_t)-1;
	int style = ROLE_NORMAL;
	while (*run < m->nruns && m->runs[*run].end <= off)
		(*run)++;
	if (*run < m->nruns) {
		const struct text_run *r = &m->runs[*run];
		if (r->start <= off) {
			style = r->flags & RUN_CAME ? ROLE_CONTENT | STYLE_UNDERLINE :
				r->flags & RUN_WENT ? ROLE_NOISE | STYLE_REVERSE :
				r->flags & RUN_DROPPED ? ROLE_DROPPED :
				r->flags & RUN_EXTRA ? ROLE_NOISE :
				r->flags & RUN_MISSING ? ROLE_CONTENT : ROLE_PINNED_TEXT;
			nb = r->end;
		} else {
			nb = r->start;
		}
	}
	if (m->hl_end > m->hl_start) {
		if (off >= m->hl_start && off < m->hl_end) {
			/* the selection's colour, keeping what came (underlined)
			 * and what went (reversed) visible inside it */
			style = ROLE_HIGHLIGHT | (style & (STYLE_UNDERLINE | STYLE_REVERSE));
			if (m->hl_end < nb)
				nb = m->hl_end;
		} else if (off < m->hl_start && m->hl_start < nb) {
			nb = m->hl_start;
		}
	}
	*next = nb;
	return style;
}

static void
text_draw(struct tui *t, struct rect r, bool focused)
{
	struct tui_model *m = &t->m;
	int w = r.w - 1, h = r.h - 1;
	t->text.rows = h;
	bool regen = t->text.gen != m->gen;
	t->text.gen = m->gen;
	if (t->text.wrapped != m->text_gen || t->text.width != w || !t->text.wrap)
		rewrap(t, w);
	/* follow the selection to its text, unless it is already on screen;
	 * the cursor goes to its first row */
	if (t->text.sel != m->sel || regen) {
		t->text.sel = m->sel;
		if (m->hl_end > m->hl_start) {
			int a = row_of(t, m->hl_start);
			if (a < t->text.sc.top || a >= t->text.sc.top + h)
				t->text.sc.top = a > 0 ? a - 1 : 0;
			t->text.cur = a;
		}
	}
	if (t->text.to_missing && m->nmiss) {
		t->text.sc.top = row_of(t, m->missing_at);
		t->text.cur = row_of(t, m->miss[0].off);
		t->text.to_missing = false;
	}
	if (t->text.cur >= t->text.nwrap)
		t->text.cur = t->text.nwrap - 1;
	if (t->text.cur < 0)
		t->text.cur = 0;
	scroll_clamp(&t->text.sc, t->text.nwrap, h);

	int title = focused ? ROLE_TITLE_FOCUS : ROLE_TITLE;
	scr_fill(r.y, r.x, r.w, title);
	char change[96] = "";
	if (m->marking && (m->came || m->went))
		snprintf(change, sizeof change, ", last change +%zu -%zu", m->came, m->went);
	scr_printf(r.y, r.x, r.w, title, " text  %zu chars%s%s%s%s", m->chars, change,
		   m->gold_view ? ", against the gold" : "",
		   m->show_dropped ? ", dropped greyed" : "",
		   m->hl_end > m->hl_start ? "" : ", selection not in it");
	if (m->shown.len == 0) {
		scr_str(r.y + 1, r.x + 1, w, "(nothing extracted)", ROLE_DIM);
		return;
	}
	int run = 0;
	for (int k = 0; k < h && t->text.sc.top + k < t->text.nwrap; k++) {
		int row = t->text.sc.top + k;
		size_t pos = t->text.wrap[row], e = row_end(t, row);
		int x = 0;
		if (m->gold_view) {
			/* the gutter says it without colour, as the gold
			 * filter marks the tree: > kept and the gold lacks it,
			 * < in the gold and the extraction lacks it */
			uint8_t f = run_flags_at(m, pos);
			if (f & (RUN_EXTRA | RUN_MISSING))
				scr_text(r.y + 1 + k, r.x, 1, f & RUN_EXTRA ? ">" : "<", 1,
					 f & RUN_EXTRA ? ROLE_NOISE : ROLE_CONTENT);
		}
		/* the cursor's row, underlined while the pane has the keys */
		int under = focused && row == t->text.cur ? STYLE_UNDERLINE : 0;
		if (under && pos == e)
			scr_text(r.y + 1 + k, r.x + 1, w, " ", 1, ROLE_NORMAL | under);
		while (pos < e && x < w) {
			size_t next;
			int style = style_at(m, pos, &run, &next) | under;
			if (next > e)
				next = e;
			if (next <= pos)
				next = e;
			x += scr_text(r.y + 1 + k, r.x + 1 + x, w - x, m->shown.data + pos,
				      next - pos, style);
			pos = next;
		}
	}
}

/* The keys move the line cursor; the text scrolls to keep it shown. */
static bool
text_act(struct tui *t, struct rect r, enum action a)
{
	int h = r.h - 1;
	struct scroll c = { t->text.cur };
	if (!scroll_act(&c, a, h))
		return false;
	int last = t->text.nwrap - 1;
	t->text.cur = c.top < 0 ? 0 : c.top > last ? last : c.top;
	if (t->text.cur < t->text.sc.top)
		t->text.sc.top = t->text.cur;
	else if (t->text.cur >= t->text.sc.top + h)
		t->text.sc.top = t->text.cur - h + 1;
	return true;    /* draw clamps */
}

/* A click on the text selects the element it came from. */
static void
text_click(struct tui *t, struct rect r, int y, int x, int button)
{
	if (scroll_wheel(&t->text.sc, button))
		return;
	int row = t->text.sc.top + y - 1;
	if (y < 1 || row >= t->text.nwrap || !t->text.wrap)
		return;
	size_t pos = t->text.wrap[row], e = row_end(t, row);
	size_t fit = text_fit(t->m.shown.data + pos, e - pos, x > 0 ? x - 1 : 0, NULL);
	int i = model_elem_at_text(&t->m, pos + fit);
	t->text.cur = row;
	if (i >= 0) {
		int keep = t->text.sc.top;
		tui_select(t, i, true);
		t->text.sel = t->m.sel;   /* the text stays where it was clicked */
		t->text.sc.top = keep;
	}
}

int
view_text_elem_at_cursor(const struct tui *t, const char **why)
{
	const struct tui_model *m = &t->m;
	*why = "nothing extracted";
	if (!t->text.wrap || t->text.cur >= t->text.nwrap || !m->shown.len)
		return -1;
	size_t pos = t->text.wrap[t->text.cur];
	static const char heading[] = GOLD_HEADING;
	if (m->gold_view && m->shown.len - pos >= sizeof heading - 1 &&
	    !memcmp(m->shown.data + pos, heading, sizeof heading - 1)) {
		*why = "a heading: the lines below it are the gold's the text lacks";
		return -1;
	}
	if (pos < m->shown.len && m->shown.data[pos] == '\n') {
		*why = "an empty line";
		return -1;
	}
	int i = model_elem_at_text(m, pos);
	if (i < 0)
		*why = m->gold_view && pos >= m->missing_at ?
			"the gold's line is in no element of the page (its text is not in the tree)" :
			"no element's text is on this line";
	return i;
}

const struct view_ops view_text = {
	.name = "text",
	.draw = text_draw,
	.act = text_act,
	.click = text_click,
};
