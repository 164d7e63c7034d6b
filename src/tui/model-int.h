/* model-int.h - what the model's files (model.c, model-gold.c) share
 * beyond model.h; the views and the tests see model.h only. */
#ifndef PITH_TUI_MODEL_INT_H
#define PITH_TUI_MODEL_INT_H

#include "tui/model.h"

/* model.c */
/* Mark shown's bytes [start, end) with the run flags (RUN_*), joined to
 * the last run when it has the same flags and ends at most two bytes
 * before; no flags or no bytes add nothing. */
void model_add_run(struct tui_model *m, size_t start, size_t end, uint8_t flags);

/* model-gold.c */
/* The gold view, after the text: mark what the gold lacks, then list
 * what the extraction lacks. */
void model_gold_marks(struct tui_model *m);
/* The gold filter's disputes: m->disagree and m->ndisagree. */
void model_gold_disagree(struct tui_model *m);

#endif
