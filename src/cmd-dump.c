/* cmd-dump.c - pith dump: the node table with every figure. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "method/auto-decide.h"
#include "cli.h"
#include "run.h"
#include "method/auto-signals.h"

static void
column_value(struct buf *b, const struct method_column *col, double v, bool json)
{
	if (col->blank_negative && v < 0)
		buf_adds(b, json ? "null" : "-");
	else
		buf_printf(b, "%.*f", col->decimals, v);
}

static void
dump_tsv(const struct page *pg, const struct run *r, const double *cs, FILE *out)
{
	const struct dom *d = pg->dom;
	const struct metrics *m = pg->m;
	const struct method *me = r->method;
	struct buf xp, row;
	buf_init(&xp);
	buf_init(&row);
	buf_adds(&row, "id\tparent\tdepth\ttag\tline\tTA\tLA\tCC\tTD\tCS\t");
	for (int k = 0; k < me->ncolumns; k++)
		buf_printf(&row, "%s\t", me->columns[k].name);
	buf_adds(&row, "content\treason\txpath\n");
	fwrite(row.data, 1, row.len, out);
	for (int i = 0; i < d->n; i++) {
		xp.len = 0;
		row.len = 0;
		dom_xpath(d, i, &xp);
		buf_printf(&row, "%d\t%d\t%d\t%s\t%d\t%d\t%d\t%.2f\t%.2f\t%.3f\t",
			   i, d->parent[i], d->depth[i], dom_tagname(d, i), d->line[i],
			   m->TA[i], m->LA[i], m->CC[i], m->TD[i], cs[i]);
		for (int k = 0; k < me->ncolumns; k++) {
			column_value(&row, &me->columns[k], me->columns[k].value(r->state, i), false);
			buf_addc(&row, '\t');
		}
		buf_printf(&row, "%d\t%s\t%s\n", r->dc.content[i],
			   reason_name(r->dc.reason[i]), xp.data);
		fwrite(row.data, 1, row.len, out);
	}
	buf_free(&xp);
	buf_free(&row);
}

static void
dump_json(const struct page *pg, const struct run *r, const double *cs, FILE *out)
{
	const struct dom *d = pg->dom;
	const struct metrics *m = pg->m;
	const struct method *me = r->method;
	struct buf b;
	buf_init(&b);
	struct buf xp;
	buf_init(&xp);
	buf_adds(&b, "[\n");
	for (int i = 0; i < d->n; i++) {
		xp.len = 0;
		dom_xpath(d, i, &xp);
		buf_printf(&b, "{\"id\":%d,\"parent\":%d,\"depth\":%d,\"tag\":",
			   i, d->parent[i], d->depth[i]);
		const char *tn = dom_tagname(d, i);
		buf_add_json(&b, tn, strlen(tn));
		buf_printf(&b, ",\"line\":%d,\"TA\":%d,\"LA\":%d,\"CC\":%.2f,\"TD\":%.2f,"
			   "\"CS\":%.3f,",
			   d->line[i], m->TA[i], m->LA[i], m->CC[i], m->TD[i], cs[i]);
		for (int k = 0; k < me->ncolumns; k++) {
			const struct method_column *col = &me->columns[k];
			buf_printf(&b, "\"%s\":", col->name);
			column_value(&b, col, col->value(r->state, i), true);
			buf_addc(&b, ',');
			if (col->json_after)
				buf_printf(&b, "%s,", col->json_after);
		}
		buf_printf(&b, "\"content\":%d,\"reason\":\"%s\",\"xpath\":",
			   r->dc.content[i], reason_name(r->dc.reason[i]));
		buf_add_json(&b, xp.data, xp.len);
		buf_adds(&b, i + 1 < d->n ? "},\n" : "}\n");
		if (b.len > 65536) {
			fwrite(b.data, 1, b.len, out);
			b.len = 0;
		}
	}
	buf_adds(&b, "]\n");
	fwrite(b.data, 1, b.len, out);
	buf_free(&b);
	buf_free(&xp);
}

/* One row per block: id, tag, characters, every feature, the text. */
static void
dump_features(struct page *pg, const struct params *p, const struct run *run, FILE *out)
{
	struct features f;
	features_compute(pg, auto_model_find(p->auto_model)->stage1, &f);
	const struct dom *d = pg->dom;
	/* with sibling pages, the site stage's signals too (after bias), when
	 * the method's state holds them */
	const struct method *sm = run->state_of;
	const float (*sx)[S_COUNT] = sm && sm->site_signals_of ?
		(const float (*)[S_COUNT])sm->site_signals_of(run->state, f.nblocks) : NULL;
	fputs("block\ttag\tchars", out);
	for (int k = 0; k < F_COUNT; k++)
		fprintf(out, "\t%s", feature_names[k]);
	for (int k = 1; sx && k < S_COUNT; k++)
		fprintf(out, "\tsite_%s", site_signal_names[k]);
	fputs("\ttext\n", out);
	struct buf t;
	buf_init(&t);
	for (int j = 0; j < f.nblocks; j++) {
		int b = f.block[j];
		fprintf(out, "%d\t%s\t%d", b, dom_tagname(d, b), f.chars[j]);
		for (int k = 0; k < F_COUNT; k++)
			fprintf(out, "\t%.9g", f.x[j][k]);
		for (int k = 1; sx && k < S_COUNT; k++)
			fprintf(out, "\t%.9g", sx[j][k]);
		t.len = 0;
		bool space = false;
		for (int x = d->text_begin[b]; x < d->text_end[b]; x++) {
			if (d->texts[x].block != b || (d->texts[x].flags & (TEXT_SKIP | TEXT_BREAK))) {
				space = true;
				continue;
			}
			if (space && t.len)
				buf_addc(&t, ' ');
			space = false;
			text_collapse(dom_text(d, x), d->texts[x].len, &t);
			if (d->texts[x].len && uc_is_white((unsigned char)dom_text(d, x)[d->texts[x].len - 1]))
				space = true;
		}
		for (size_t i = 0; i < t.len; i++)
			if (t.data[i] == '\t' || t.data[i] == '\n')
				t.data[i] = ' ';
		fprintf(out, "\t%s\n", t.data ? t.data : "");
	}
	buf_free(&t);
	features_free(&f);
}

int
cmd_dump(struct cli *c)
{
	if (c->ninputs != 1)
		return cli_usage_error("dump takes one FILE");
	/* lb works on source lines, not elements: pith histogram shows it */
	if (c->algo_given && !c->algo->needs_dom)
		return cli_usage_error("dump: --algo lb has no per-element figures; see pith histogram");
	struct page pg;
	char err[256];
	const char *in = c->inputs[0];
	if (cli_load(c, in, &pg, true, err, sizeof err) < 0) {
		cli_report(in, err);
		page_free(&pg);
		return 1;
	}
	if (pg.dom && (dom_lost(pg.dom) || c->verbose)) {
		struct buf note;
		buf_init(&note);
		dom_parse_note(pg.dom, c->verbose, &note);
		eprintf("pith: %s: %s%s\n", in, dom_lost(pg.dom) ? "warning: " : "", note.data);
		buf_free(&note);
	}
	/* the method's decisions, auto's without --algo, as the inspector
	 * and extract decide (TA to CS stay cc's, below) */
	const struct method *me = c->algo;
	void *site = cli_site_new(c, me, c->inputs, 1, NULL);
	struct run run;
	run_init(&run);
	struct run_input ri = { .method = me, .params = &c->params, .site = site, .index = 0 };
	run_page(&run, &pg, &ri);
	if (c->verbose && me->report)
		me->report(&run, &pg, in, stderr);
	/* TA LA CC TD CS are cc's figures whatever the method, as in the
	 * inspector's tree */
	struct decision cc;
	decision_init(&cc, pg.dom->n);
	decide_cc(pg.dom, pg.m, &c->params, NULL, &cc);
	if (c->features)
		dump_features(&pg, &c->params, &run, stdout);
	else if (c->format == FORMAT_JSON)
		dump_json(&pg, &run, cc.CS, stdout);
	else
		dump_tsv(&pg, &run, cc.CS, stdout);
	decision_free(&cc);
	run_free(&run);
	run_site_free(me, site);
	page_free(&pg);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_report("stdout", "write error");
		return 1;
	}
	return 0;
}
