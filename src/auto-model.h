/* auto-model.h - the auto method's weights, written by
 * tools/train-auto.py from 13740 labelled blocks of the dev
 * pages' training split (70 % of pages by id hash).
 * Weighted block accuracy: train 0.946, check 0.955
 * (6686 blocks); check split shingle F1 on aeb pages
 * 0.948.  Do not edit: run the script again. */
#ifndef PITH_AUTO_MODEL_H
#define PITH_AUTO_MODEL_H

/* first stage: the base features only (signals.h) */
static const float auto_stage1_weights[F_BASE_COUNT] = {
	[F_BIAS] = -3.370035f,
	[F_LOG_CHARS] = 0.082744f,
	[F_LINK_DENSITY] = -1.297555f,
	[F_LOG_CC] = 0.260224f,
	[F_LOG_TD] = 0.006031f,
	[F_CS] = -0.820265f,
	[F_PARENT_LD] = 1.199537f,
	[F_GRAND_LD] = -1.260687f,
	[F_CONTAINER] = 2.952017f,
	[F_POSITION] = -1.841000f,
	[F_PUNCT] = -0.544484f,
	[F_ENDS_PUNCT] = 0.317197f,
	[F_TAG_HEADING] = 0.177700f,
	[F_TAG_P] = 1.137041f,
	[F_TAG_LI] = 1.976552f,
	[F_TAG_CELL] = 3.630745f,
	[F_TAG_PRE] = 0.858521f,
	[F_SEMANTIC] = 0.936325f,
	[F_NEG_WORD] = -1.456964f,
	[F_POS_WORD] = 0.804806f,
	[F_NEG_TAG] = -0.858418f,
	[F_CC_CONTENT] = 0.238584f,
	[F_CC_REGION] = 1.128812f,
	[F_LB_REGION] = 0.186987f,
	[F_JSONLD] = 3.746633f,
	[F_HAS_JSONLD] = -2.883165f,
	[F_COPYRIGHT] = -2.047825f,
	[F_SIB_LONG] = 0.480725f,
	[F_HIDDEN] = -1.432217f,
};

/* second stage: every feature */
static const float auto_weights[F_COUNT] = {
	[F_BIAS] = -3.766199f,
	[F_LOG_CHARS] = 0.056597f,
	[F_LINK_DENSITY] = -1.253826f,
	[F_LOG_CC] = 0.329348f,
	[F_LOG_TD] = -0.046947f,
	[F_CS] = -0.590639f,
	[F_PARENT_LD] = 1.103429f,
	[F_GRAND_LD] = -0.304037f,
	[F_CONTAINER] = 1.955491f,
	[F_POSITION] = -1.070705f,
	[F_PUNCT] = -0.643492f,
	[F_ENDS_PUNCT] = 0.562806f,
	[F_TAG_HEADING] = -0.091983f,
	[F_TAG_P] = 0.619520f,
	[F_TAG_LI] = 1.272806f,
	[F_TAG_CELL] = 2.340096f,
	[F_TAG_PRE] = -0.286818f,
	[F_SEMANTIC] = 0.480461f,
	[F_NEG_WORD] = -0.249186f,
	[F_POS_WORD] = 0.806759f,
	[F_NEG_TAG] = -0.013562f,
	[F_CC_CONTENT] = 0.006998f,
	[F_CC_REGION] = 0.474270f,
	[F_LB_REGION] = -0.166613f,
	[F_JSONLD] = 3.493323f,
	[F_HAS_JSONLD] = -2.632749f,
	[F_COPYRIGHT] = -2.565403f,
	[F_SIB_LONG] = 0.201812f,
	[F_HIDDEN] = -1.000948f,
	[F_IN_CORE] = 1.183011f,
	[F_CORE_DIST] = -0.178247f,
	[F_LOCAL_NEG] = -1.119328f,
	[F_NEIGH_P] = 2.746941f,
};

#endif
