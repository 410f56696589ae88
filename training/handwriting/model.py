"""A small CRNN: a conv stack that folds the 32-pixel height away, two BiLSTM layers, CTC classes per step.

Four input columns make one output step, enough for the narrowest letters at height 32. About 0.6M parameters:
on one contended CPU core a step of 32 lines takes about half a second, and ONNX Runtime reads a line in a few
milliseconds. (A 1M-parameter version with a 128-wide LSTM was 3-5x slower a step here.)
"""
from torch import nn


def _block(cin, cout):
    return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]


class LineModel(nn.Module):
    def __init__(self, classes: int, width: int = 1):
        """width multiplies every layer's channels: 1 is the shipped model, 2 about four times its parameters."""
        super().__init__()
        self.width = width
        c = [n * width for n in (16, 32, 64, 64, 96)]
        self.conv = nn.Sequential(
            *_block(1, c[0]), nn.MaxPool2d(2),                            # 16 x W/2
            *_block(c[0], c[1]), nn.MaxPool2d(2),                         # 8 x W/4
            *_block(c[1], c[2]), *_block(c[2], c[3]), nn.MaxPool2d((2, 1)),  # 4 x W/4
            *_block(c[3], c[4]), nn.MaxPool2d((2, 1)),                    # 2 x W/4
        )
        self.rnn = nn.LSTM(2 * c[4], c[4], num_layers=2, bidirectional=True, batch_first=True, dropout=0.1)
        self.out = nn.Linear(2 * c[4], classes)

    def forward(self, x):
        """x: (N, 1, 32, W) with ink near 1 and paper near 0. Returns log-probabilities (N, W/4, classes)."""
        f = self.conv(x)
        n, c, h, w = f.shape
        f = f.permute(0, 3, 1, 2).reshape(n, w, c * h)
        f, _ = self.rnn(f)
        return self.out(f).log_softmax(-1)
