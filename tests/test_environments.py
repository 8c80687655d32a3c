"""Multi-turn episodes (nbs/07b_environments): the tiny model learns a toy two-turn environment through GRPO, \
only its own sampled
tokens are trained on, and a terminal task runs end to end through `run_episodes` and the training loop."""

import pytest
import torch

from rlkit.core import Task, Trajectory, read_jsonl
from rlkit.episodes import Env, Outcome, RolloutConfig, Step, conversation, run_episodes
from rlkit.grpo import GRPOConfig, grpo_step
from rlkit.models import tiny_policy
from toys import lowercase


class Echo(Env):
    ("A toy environment: the first turn is answered with an observation, the second ends it; the reward is the share "
     "of lowercase letters over both turns")
    def __init__(self, task, ctx=None): self.texts = []
    def prompt(self): return "Say a word."
    def step(self, text):
        self.texts.append(text)
        return Step("" if len(self.texts) >= 2 else "Now say it in lower case.", len(self.texts) >= 2)
    def finish(self):
        r = lowercase(None, ["".join(self.texts)])[0] if len(self.texts) == 2 else 0.0
        return Outcome(r, {"correct": float(r >= 0.9), "lower": r})


def test_the_tiny_model_learns_a_two_turn_environment():
    torch.manual_seed(0)
    model, tok = tiny_policy()
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=3e-2)
    tasks, g, curve = [Task(f"toy/{i}", "toy", f"Say a{i}.") for i in range(2)], torch.Generator().manual_seed(0), []
    ro = RolloutConfig(group_size=8, max_new_tokens=8, temperature=1.0, max_turns=2, decode_dtype="float32")
    for step in range(30):
        eps = run_episodes(model, tok, tasks, ro, n=8, make_env=Echo, generator=g, step=step)
        for e in eps:
            e.group_id = f"{step}/{e.task_id}"
        assert all(len(e.turns) == 2 and e.turns[0].feedback == "Now say it in lower case."
                   and not e.turns[1].feedback for e in eps)
        curve.append(sum(e.reward for e in eps) / len(eps))
        grpo_step(model, tok, opt, eps, GRPOConfig(lr=3e-2, beta=0.0), ro)
    start, end = sum(curve[:3]) / 3, sum(curve[-3:]) / 3
    print("mean reward per step:", [round(x, 2) for x in curve])
    assert end > 0.3 and end > 2 * start, curve
    # the observation is in the sequence, masked: only sampled ids are trained on
    ids, mask, logp = conversation(tok, eps[0])
    assert (sum(mask) == sum(len(t.token_ids) for t in eps[0].turns)
            and len(ids) > sum(mask) + len(tok(eps[0].turns[0].prompt, add_special_tokens=False).input_ids))
    sampled = [i for i, m in zip(ids, mask) if m]
    # the sampled ids themselves, not re-tokenised text
    assert sampled == eps[0].turns[0].token_ids + eps[0].turns[1].token_ids


@pytest.mark.firejail
@pytest.mark.parametrize("algo", ["grpo", "ppo"])
def test_a_terminal_task_trains_end_to_end(tmp_path, algo):
    ("rlkit train on terminal tasks with GRPO and PPO: multi-turn episodes in sandbox sessions, every command and the "
     "final diff in trajectories.jsonl")
    from rlkit.runs import read_metrics
    from rlkit.train import train
    from toys import toy_config
    cfg = toy_config(tmp_path / "run", "terminal", steps=1, tasks_per_step=2, difficulty="easy", algo=algo,
                     rollout={"group_size": 2, "max_turns": 2, "max_new_tokens": 24})
    train(cfg, log=lambda s: None)
    trajs = read_jsonl(tmp_path / "run" / "trajectories.jsonl", Trajectory)
    assert (len(trajs) == 4
            and all(t.domain == "terminal" and 1 <= len(t.turns) <= 2 and t.reward is not None for t in trajs))
    assert all("why" in t.meta["env"] and isinstance(t.meta["env"]["diff"], list) for t in trajs)
    for t in trajs:
        for turn in t.turns:
            if turn.result is not None:
                assert turn.result.detail.startswith("$ ")
    assert read_metrics(tmp_path / "run")[0][0]["episodes"] == 4


@pytest.mark.firejail
def test_the_tools_protocol_runs_a_call_and_answers_with_a_tool_message():
    ("With a template that renders tools: the first prompt shows the bash tool, a tool call runs in the session, and "
     "its output goes back as a tool message, masked")
    from rlkit.core import Turn
    from rlkit.agents.terminal import BASH_TOOL, HERMES_TEMPLATE, TerminalEnv, protocol_for
    from rlkit.models import tiny_tokenizer
    from rlkit.sandbox import Sandbox
    tok = tiny_tokenizer()
    tok.chat_template = HERMES_TEMPLATE
    task = Task("terminal/count", "terminal", "Write the number of lines of a.txt into count.txt.",
                meta={"setup": {"a.txt": "x\ny\nz\n"}, "checks": [{"file": "count.txt", "number": 3}],
                      "difficulty": "easy"})
    model, _ = tiny_policy()
    with Sandbox() as sb:
        ro = RolloutConfig(terminal_protocol="auto", max_turns=2, max_new_tokens=8, temperature=1.0,
                           decode_dtype="float32")
        eps = run_episodes(model, tok, [task], ro, n=2, sandbox=sb, generator=torch.Generator().manual_seed(0))
        assert protocol_for(tok, "auto") == "tools" and all(e.meta["protocol"] == "tools" for e in eps)
        # rendered by the template
        assert all("<tools>" in e.turns[0].prompt and '"name": "bash"' in e.turns[0].prompt for e in eps)
        env = TerminalEnv(task, sb, protocol="tools", max_turns=3)
        call = ('<tool_call>\n{"name": "bash", "arguments": {"command": "wc -l < a.txt > count.txt; cat count.txt"}}\n'
                '</tool_call><|im_end|>')
        st = env.step(call)
        assert not st.done and st.result.returncode == 0 and "3" in st.observation
        # in the tools protocol a fenced block is only text: the episode ends
        assert env.step("```bash\nrm count.txt\n```").done
        reward, info = env.score()
    assert reward == 1.0, info["why"]
    traj = Trajectory(task.id, 0, domain="terminal", meta={"protocol": "tools"})
    prompt = tok.apply_chat_template([{"role": "user", "content": "task"}], tools=[BASH_TOOL], tokenize=False,
                                     add_generation_prompt=True)
    ids = tok(call, add_special_tokens=False).input_ids
    traj.turns = [Turn(prompt, call, ids, feedback=st.observation),
                  Turn("", "done<|im_end|>", tok("done<|im_end|>", add_special_tokens=False).input_ids)]
    seq, mask, _ = conversation(tok, traj)
    text = tok.decode(seq)
    assert "<tool_response>\n" + st.observation in text and text.count("<|im_start|>assistant") == 2
    # the tool's output is masked
    assert [i for i, m in zip(seq, mask) if m] == traj.turns[0].token_ids + traj.turns[1].token_ids
