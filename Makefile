# Aliases for the README's two commands.
.PHONY: run test
run:
	bash scripts/run.sh
test:
	bash scripts/test.sh
