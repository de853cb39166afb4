"""Enemy Action: Kharkov questions: facts in, typed answers with rule ids out."""
