import os

import pytest, torch

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # no hub here: fail fast instead of waiting on the network

from rlkit.models import load_policy


@pytest.fixture(scope="session")
def smol():
    "The embedded SmolLM2-135M-Instruct with a fresh LoRA adapter, loaded once per session"
    torch.set_num_threads(2)
    return load_policy()
