/* report.c - what the inspector shows, as one HTML file to keep or share:
 * the method and its parameters, the score against a gold text and its
 * differences, the text with what was dropped struck through, the
 * line-block histogram (SVG), the method's stages with what each changed,
 * the tree with every element's figures and decision (folded as on the
 * screen), and the detail pane's lines for every element that decides.
 *
 * Everything comes from the model the inspector draws from (model.h) and
 * the same functions its panes call (tree_figures, detail_lines), so the
 * report says what the screen says.  The file needs no network; its one
 * script only opens and closes every fold at once.  The model is
 * changed while the report is made (stages, the dropped text, the gold
 * view, the selection) and put back as it was. */
#include "config.h"

#include <string.h>

#include "histogram.h"
#include "file.h"
#include "tui/report.h"
#include "tui/view.h"

static void
esc(struct buf *o, const char *s, size_t n)
{
	buf_add_html(o, s, n, false);
}

static void
escs(struct buf *o, const char *s)
{
	buf_add_html(o, s, strlen(s), false);
}

/* A screen role as a class of the report's style sheet. */
static const char *
role_class(int role)
{
	switch (role & 0xff) {
	case ROLE_CONTENT: return "content";
	case ROLE_NOISE: return "noise";
	case ROLE_SMOOTH: return "smooth";
	case ROLE_OUTLIER: return "outlier";
	case ROLE_PIN_IN: return "pin-in";
	case ROLE_PIN_OUT: return "pin-out";
	case ROLE_SKIP: return "skip";
	case ROLE_DIM: return "dim";
	case ROLE_HEADING: return "heading";
	case ROLE_HIGHLIGHT: return "highlight";
	case ROLE_ERROR: return "error";
	default: return "normal";
	}
}

/* The bytes of the tree and of the decisions each: past them the rest of
 * the section is left out, and it says so, so that a page of many
 * elements (a million rows, 2 KB of detail each) gives a report a browser
 * opens, in memory bounded by the page's text and these. */
#define REPORT_PART_MAX (16 << 20)

static const char *
mark_class(enum mark k)
{
	return role_class(mark_role(k));
}

static const char style[] =
	"body{font:14px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:70em;"
	"padding:0 1em;color:#1d1d1d}"
	"h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #ccc;margin-top:2em}"
	"table.facts td{padding:0 1em 0 0;vertical-align:top}"
	"nav a{margin-right:1em}"
	".text{white-space:pre-wrap;border:1px solid #ddd;padding:.6em;background:#fcfcfc}"
	"del{color:#999}ins{text-decoration:none;background:#e4f2ff}"
	"mark.extra{background:#ffe0e0}.missing{background:#e6ffe6}"
	".hist{overflow-x:auto;border:1px solid #ddd}"
	"ul.tree,ul.tree ul{list-style:none;margin:0;padding-left:1.2em}"
	"ul.tree{padding-left:0;font:13px/1.35 ui-monospace,monospace}"
	"summary{cursor:pointer}.row .g{display:inline-block;width:1.2em;font-weight:bold}"
	".row .figs{color:#555;margin-left:1em}.row .changed{color:#b06000}"
	".content,.content a{color:#11781f}.smooth,.smooth a{color:#007b8a}"
	".outlier,.outlier a{color:#a3199b}.pin-in,.pin-in a{color:#1646c0}"
	".pin-out,.pin-out a{color:#c01616}.noise,.noise a{color:#333}"
	".skip,.skip a,.dim{color:#999}.heading{font-weight:bold;color:#805b00}"
	".highlight{background:#fff3b0}.error{color:#c01616}"
	"section.decision{border-top:1px solid #eee;padding:.2em 0}"
	"section.decision h3{font-size:1em;margin:.4em 0;font-family:ui-monospace,monospace}"
	"ul.detail{list-style:none;padding-left:0;margin:0;font:13px/1.35 ui-monospace,"
	"monospace;white-space:pre-wrap}"
	"ol.stages li{margin:.3em 0}";

/* The script: two buttons that open or close every fold of the tree.
 * The report reads the same without it. */
static const char script[] =
	"document.querySelectorAll('button[data-fold]').forEach(function(b){"
	"b.hidden=false;b.addEventListener('click',function(){"
	"var open=b.dataset.fold==='open';"
	"document.querySelectorAll('ul.tree details').forEach(function(d){d.open=open;});});});"
	"document.body.dataset.ready='1';";

/* Does element i get a section of its own: it decides (not an inline
 * span of a paragraph, not a never-text element) and holds text. */
static bool
decides(const struct tui_model *m, int i)
{
	const struct metrics *mt = m->pg->m;
	if (model_mark(m, i) == MARK_SKIP)
		return false;
	if (!m->run.by_lines && m->inline_of[i] >= 0)
		return false;
	return mt->TA[i] + mt->LT[i] > 0;
}

/* Has element i a section in the decisions written (those before the
 * first left out, cut)? */
static bool
linked(const struct tui_model *m, int i, int cut)
{
	return i < cut && decides(m, i);
}

static void
label(const struct tui_model *m, int i, struct buf *o)
{
	struct buf b;
	buf_init(&b);
	model_label(m->d, i, &b);
	esc(o, b.data ? b.data : "", b.len);
	buf_free(&b);
}

static void
facts(const struct tui *t, struct buf *o)
{
	const struct tui_model *m = &t->m;
	buf_adds(o, "<table class=\"facts\">\n<tr><td>page</td><td>");
	escs(o, t->name);
	buf_adds(o, "</td></tr>\n<tr><td>method</td><td>");
	escs(o, m->algo->name);
	buf_adds(o, ": ");
	escs(o, m->algo->summary);
	buf_adds(o, "</td></tr>\n<tr><td>parameters</td><td>");
	int np = model_method_nparams(m);
	for (int k = 0; k < np; k++) {
		const struct param_desc *d = model_method_param(m, k);
		char v[300];
		params_format(&m->params, d, v, sizeof v);
		buf_printf(o, "%s<code>", k ? ", " : "");
		escs(o, d->name);
		buf_addc(o, '=');
		escs(o, v);
		buf_adds(o, "</code>");
	}
	if (np == 0)
		buf_adds(o, "none");
	buf_printf(o, "</td></tr>\n<tr><td>extracted</td><td><span id=\"chars\">%zu</span> "
		   "characters (not white space), %d element%s, %d pin%s</td></tr>\n",
		   m->chars, m->n, m->n == 1 ? "" : "s", model_npins(m),
		   model_npins(m) == 1 ? "" : "s");
	if (m->rule) {
		buf_adds(o, "<tr><td>site rule</td><td>");
		escs(o, m->rule->path ? m->rule->path : m->rule->host);
		buf_adds(o, m->run.by_rule ? " (its body: decides)" : " (no body: matched: the method "
			 "decides)");
		buf_adds(o, "</td></tr>\n");
	}
	buf_adds(o, "</table>\n");
}

/* The shown text with its runs: dropped text struck through, text the
 * gold lacks marked, what a change brought in underlined. */
static void
shown_text(const struct tui_model *m, size_t from, size_t to, struct buf *o)
{
	size_t pos = from;
	for (int k = 0; k < m->nruns; k++) {
		const struct text_run *r = &m->runs[k];
		if (r->end <= from || r->start >= to)
			continue;
		size_t s = r->start > pos ? r->start : pos, e = r->end < to ? r->end : to;
		if (s > pos)
			esc(o, m->shown.data + pos, s - pos);
		const char *open = "", *close = "";
		if (r->flags & (RUN_DROPPED | RUN_WENT)) {
			open = "<del>";
			close = "</del>";
		} else if (r->flags & RUN_EXTRA) {
			open = "<mark class=\"extra\">";
			close = "</mark>";
		} else if (r->flags & RUN_CAME) {
			open = "<ins>";
			close = "</ins>";
		} else if (r->flags & RUN_PINNED) {
			open = "<span class=\"pin-in\">";
			close = "</span>";
		}
		buf_adds(o, open);
		esc(o, m->shown.data + s, e - s);
		buf_adds(o, close);
		pos = e;
	}
	if (to > pos)
		esc(o, m->shown.data + pos, to - pos);
}

static void
text_section(struct tui_model *m, struct buf *o)
{
	bool dropped = m->show_dropped;
	if (!dropped && !m->run.by_lines)
		model_set_show_dropped(m, true);
	buf_adds(o, "<section id=\"text\">\n<h2>Extracted text</h2>\n<p>What the method keeps; "
		 "what it drops is struck through.</p>\n<div class=\"text\">");
	shown_text(m, 0, m->shown.len, o);
	buf_adds(o, "</div>\n</section>\n");
	if (!dropped && !m->run.by_lines)
		model_set_show_dropped(m, false);
}

static void
gold_section(struct tui_model *m, struct buf *o)
{
	if (!m->gold)
		return;
	const struct prf *s = &m->prf, *c = &m->prf_chars;
	buf_printf(o, "<section id=\"gold\">\n<h2>Against the gold text</h2>\n<table class=\"facts\">"
		   "<tr><td>precision (word 4-grams)</td><td class=\"P\">%.3f</td></tr>"
		   "<tr><td>recall (word 4-grams)</td><td class=\"R\">%.3f</td></tr>"
		   "<tr><td>F1 (word 4-grams)</td><td class=\"F\">%.3f</td></tr>"
		   "<tr><td>word 4-grams</td><td>%zu extracted, %zu in the gold, %zu in both</td></tr>"
		   "<tr><td>precision (characters)</td><td class=\"cP\">%.3f</td></tr>"
		   "<tr><td>recall (characters)</td><td class=\"cR\">%.3f</td></tr>"
		   "<tr><td>F1 (characters)</td><td class=\"cF\">%.3f</td></tr>"
		   "<tr><td>characters</td><td>%zu extracted, %zu in the gold, %zu in both</td></tr>"
		   "</table>\n", s->P, s->R, s->F, s->predicted, s->gold, s->matched,
		   c->P, c->R, c->F, c->predicted, c->gold, c->matched);
	bool was = m->gold_view;
	if (!was)
		model_set_gold_view(m, true);
	size_t cut = m->nmiss ? m->missing_at : m->shown.len;
	if (m->nmiss) {
		/* the heading the text pane puts before them, not repeated */
		size_t h = strlen(GOLD_HEADING) + 2;
		cut = m->missing_at >= h ? m->missing_at - h : m->missing_at;
	}
	buf_adds(o, "<p>Extracted lines the gold lacks are <mark class=\"extra\">marked</mark>."
		 "</p>\n<div class=\"text\">");
	shown_text(m, 0, cut, o);
	buf_adds(o, "</div>\n");
	if (m->nmiss) {
		buf_printf(o, "<p>%d passage%s of the gold not extracted:</p>\n<div class=\"text "
			   "missing\">", m->nmiss, m->nmiss == 1 ? "" : "s");
		shown_text(m, m->missing_at, m->shown.len, o);
		buf_adds(o, "</div>\n");
	}
	buf_adds(o, "</section>\n");
	if (!was)
		model_set_gold_view(m, false);
}

static void
histogram_section(const struct tui_model *m, struct buf *o)
{
	struct page *pg = m->pg;
	page_lineblock(pg, model_decided_params(m));
	buf_adds(o, "<section id=\"histogram\">\n<h2>Line blocks</h2>\n<p>The length of every "
		 "block of lines the line-block method reads (characters not white space); "
		 "its regions shaded, the selected ones green; the dashed line is the "
		 "threshold T.</p>\n<div class=\"hist\">");
	histogram_svg(pg->lb, model_decided_params(m), false, o);
	buf_adds(o, "</div>\n</section>\n");
}

/* Each stage of the method, what it changed against the one before. */
static void
stages_section(struct tui_model *m, int cut, struct buf *o)
{
	if (m->nstages <= 0)
		return;
	int step0 = m->step;
	while (m->step != 0)
		model_next_step(m);
	buf_printf(o, "<section id=\"stages\">\n<h2>Stages</h2>\n<p>The method stopped after "
		   "each of its %d stages on this page, and the elements each stage turned from "
		   "noise to content or back.</p>\n<ol class=\"stages\">\n", m->nstages);
	long work = 0;
	while (model_next_step(m) != 0) {
		/* each stage runs the method over the page */
		work += m->n;
		buf_printf(o, "<li data-changed=\"%d\"><b>", m->nchanged);
		escs(o, m->stage_name);
		buf_printf(o, "</b>: %d element%s changed", m->nchanged, m->nchanged == 1 ? "" : "s");
		int shown = 0;
		for (int i = 0; i < m->n && shown < 50; i++) {
			if (!m->changed[i])
				continue;
			buf_adds(o, shown ? ", " : ": ");
			enum mark k = model_mark(m, i);
			if (linked(m, i, cut))
				buf_printf(o, "<a class=\"%s\" href=\"#e%d\">", mark_class(k), i);
			else
				buf_printf(o, "<span class=\"%s\">", mark_class(k));
			label(m, i, o);
			buf_printf(o, "%s %s", linked(m, i, cut) ? "</a>" : "</span>",
				   m->run.dc.content[i] ? "in" : "out");
			shown++;
		}
		if (m->nchanged > shown)
			buf_printf(o, " and %d more", m->nchanged - shown);
		buf_adds(o, "</li>\n");
	}
	buf_adds(o, "</ol>\n</section>\n");
	test_count("report stage elements", work);
	while (m->step != step0)
		model_next_step(m);
}

static void
tree_row(const struct tui_model *m, int i, int cut, struct buf *o)
{
	enum mark k = model_mark(m, i);
	char g = tree_glyph(m, i);
	buf_printf(o, "<span class=\"row %s\"><span class=\"g\">%c</span>", mark_class(k),
		   g == ' ' ? '-' : g);
	if (linked(m, i, cut))
		buf_printf(o, "<a href=\"#e%d\">", i);
	label(m, i, o);
	if (linked(m, i, cut))
		buf_adds(o, "</a>");
	buf_adds(o, "<span class=\"figs\">");
	struct tree_column col[TREE_COLUMNS];
	int ncols = tree_figures(m, i, false, col);
	for (int c = 0; c < ncols; c++) {
		buf_printf(o, "%s%s=", c ? " " : "", col[c].title);
		escs(o, col[c].figure);
	}
	buf_printf(o, " %s</span></span>", reason_name((enum reason)m->dc->reason[i]));
}

/* The tree as nested lists; an element with children is a <details>,
 * open unless the inspector has it folded.  Walked without recursion
 * (pages nest thousands deep). */
static void
tree_section(const struct tui_model *m, int cut, struct buf *o)
{
	const struct dom *d = m->d;
	size_t start = o->len;
	buf_adds(o, "<section id=\"tree\">\n<h2>Tree</h2>\n<p>Every element with its figures "
		 "and the method's reason; the mark before it as in the inspector (# content, "
		 ". noise, + by smoothing, ! an outlier, P X pinned, - never text). "
		 "<button type=\"button\" data-fold=\"open\" hidden=\"hidden\">unfold all</button> "
		 "<button type=\"button\" data-fold=\"close\" hidden=\"hidden\">fold all</button>"
		 "</p>\n<ul class=\"tree\">\n");
	for (int i = 0; i < m->n; i++) {
		if (o->len - start > REPORT_PART_MAX) {
			/* the lists open are i's ancestors' */
			for (int a = d->parent[i]; a >= 0; a = d->parent[a])
				buf_adds(o, "</ul></details></li>\n");
			buf_printf(o, "</ul>\n<p class=\"cut\">The other %d element%s of the %d are left "
				   "out: the tree stops at %d MiB (the inspector shows them).</p>\n"
				   "</section>\n", m->n - i, m->n - i == 1 ? "" : "s", m->n,
				   REPORT_PART_MAX >> 20);
			return;
		}
		bool kids = model_has_children(m, i);
		buf_printf(o, "<li>%s", kids ? (m->folded[i] ? "<details><summary>" :
						    "<details open=\"open\"><summary>") : "");
		tree_row(m, i, cut, o);
		if (kids) {
			buf_adds(o, "</summary>\n<ul>\n");
			continue;
		}
		buf_adds(o, "</li>\n");
		/* close the lists of the ancestors whose last element this is */
		for (int a = d->parent[i]; a >= 0 && d->end[a] == i + 1; a = d->parent[a])
			buf_adds(o, "</ul></details></li>\n");
	}
	buf_adds(o, "</ul>\n</section>\n");
}

struct lines_ctx {
	struct buf *o;
};

static void
detail_line(void *ctx, int role, const char *text)
{
	struct lines_ctx *c = ctx;
	buf_printf(c->o, "<li class=\"%s\">", role_class(role));
	escs(c->o, text);
	buf_adds(c->o, "</li>\n");
}

/* The detail pane's lines for every element that decides, then the
 * page's; returns the first element left out (m->n: none). */
static int
decisions_section(struct tui *t, struct buf *o)
{
	struct tui_model *m = &t->m;
	int sel0 = m->sel, cut = m->n;
	struct lines_ctx c = { o };
	size_t start = o->len;
	buf_adds(o, "<section id=\"decisions\">\n<h2>Decisions</h2>\n<p>For every element that "
		 "decides, the lines the inspector's detail pane shows for it.</p>\n");
	for (int i = 0; i < m->n; i++) {
		if (!decides(m, i))
			continue;
		if (o->len - start > REPORT_PART_MAX) {
			int more = 0;
			for (int j = i; j < m->n; j++)
				more += decides(m, j);
			buf_printf(o, "<p class=\"cut\">The other %d element%s that decide are left out: "
				   "this section stops at %d MiB (the inspector shows them).</p>\n",
				   more, more == 1 ? "" : "s", REPORT_PART_MAX >> 20);
			cut = i;
			break;
		}
		model_peek(m, i);
		buf_printf(o, "<section class=\"decision %s\" id=\"e%d\">\n<h3>",
			   mark_class(model_mark(m, i)), i);
		label(m, i, o);
		buf_adds(o, "</h3>\n<ul class=\"detail\">\n");
		detail_lines(t, DETAIL_ELEMENT, true, detail_line, &c);
		buf_adds(o, "</ul>\n</section>\n");
	}
	model_peek(m, sel0);
	buf_adds(o, "</section>\n<section id=\"page\">\n<h2>Page</h2>\n<ul class=\"detail\">\n");
	detail_lines(t, DETAIL_PAGE, true, detail_line, &c);
	buf_adds(o, "</ul>\n</section>\n");
	return cut;
}

void
report_build(struct tui *t, struct buf *o)
{
	struct tui_model *m = &t->m;
	const char *base = strrchr(t->name, '/');
	base = base && base[1] ? base + 1 : t->name;
	buf_adds(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
		 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
		 "<meta name=\"generator\" content=\"pith " PACKAGE_VERSION "\"/>\n<title>");
	escs(o, base);
	buf_adds(o, " - pith report</title>\n<style>");
	buf_adds(o, style);
	buf_adds(o, "</style>\n</head>\n<body>\n<h1>pith report: ");
	escs(o, base);
	buf_adds(o, "</h1>\n<nav><a href=\"#text\">text</a>");
	if (m->gold)
		buf_adds(o, "<a href=\"#gold\">gold</a>");
	buf_adds(o, "<a href=\"#histogram\">histogram</a>");
	if (m->nstages > 0)
		buf_adds(o, "<a href=\"#stages\">stages</a>");
	buf_adds(o, "<a href=\"#tree\">tree</a><a href=\"#decisions\">decisions</a>"
		 "<a href=\"#page\">page</a></nav>\n");
	facts(t, o);
	gold_section(m, o);
	text_section(m, o);
	histogram_section(m, o);
	/* the decisions first, apart: the stages and the tree link only
	 * to those written */
	struct buf dec;
	buf_init(&dec);
	int cut = m->d && m->n > 0 ? decisions_section(t, &dec) : 0;
	stages_section(m, cut, o);
	if (m->d && m->n > 0) {
		tree_section(m, cut, o);
		buf_add(o, dec.data, dec.len);
	}
	buf_free(&dec);
	buf_adds(o, "<script>");
	buf_adds(o, script);
	buf_adds(o, "</script>\n</body>\n</html>\n");
	test_count("source bytes walked", m->src->walked);
}

int
report_write(struct tui *t, const char *path, int flags, char *err, size_t errlen)
{
	struct buf o;
	buf_init(&o);
	report_build(t, &o);
	int rc = write_file_atomic(path, o.data, o.len, flags, err, errlen);
	buf_free(&o);
	return rc;
}
