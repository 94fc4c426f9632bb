//! The seven kinds of pieces.

use std::fmt;

use crate::Color;

/// A kind of piece, independent of its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// 帅 / 将
    King,
    /// 仕 / 士
    Advisor,
    /// 相 / 象
    Elephant,
    /// 马
    Horse,
    /// 车
    Rook,
    /// 炮
    Cannon,
    /// 兵 / 卒
    Pawn,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Pawn,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The UCCI/FEN letter, lower case (`k a b n r c p`).
    pub const fn letter(self) -> char {
        match self {
            Role::King => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Rook => 'r',
            Role::Cannon => 'c',
            Role::Pawn => 'p',
        }
    }

    /// Parse a FEN letter of either case; also the WXF and older letters `e` (elephant) and `h` (horse).
    pub const fn from_letter(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'k' => Role::King,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Rook,
            'c' => Role::Cannon,
            'p' => Role::Pawn,
            _ => return None,
        })
    }

    /// The WXF letter (`K A E H R C P`).
    pub const fn wxf_letter(self) -> char {
        match self {
            Role::King => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Rook => 'R',
            Role::Cannon => 'C',
            Role::Pawn => 'P',
        }
    }

    /// The standard simplified character for this role on the given side, as move text writes it
    /// (帅/将, 仕/士, 相/象, 马, 车, 炮, 兵/卒).
    pub const fn chinese(self, color: Color) -> char {
        match (self, color) {
            (Role::King, Color::Red) => '帅',
            (Role::King, Color::Black) => '将',
            (Role::Advisor, Color::Red) => '仕',
            (Role::Advisor, Color::Black) => '士',
            (Role::Elephant, Color::Red) => '相',
            (Role::Elephant, Color::Black) => '象',
            (Role::Horse, _) => '马',
            (Role::Rook, _) => '车',
            (Role::Cannon, _) => '炮',
            (Role::Pawn, Color::Red) => '兵',
            (Role::Pawn, Color::Black) => '卒',
        }
    }

    /// The traditional character, as Hong Kong and Taiwan texts write it.
    pub const fn traditional(self, color: Color) -> char {
        match (self, color) {
            (Role::King, Color::Red) => '帥',
            (Role::King, Color::Black) => '將',
            (Role::Advisor, Color::Red) => '仕',
            (Role::Advisor, Color::Black) => '士',
            (Role::Elephant, Color::Red) => '相',
            (Role::Elephant, Color::Black) => '象',
            (Role::Horse, _) => '馬',
            (Role::Rook, _) => '車',
            (Role::Cannon, _) => '炮',
            (Role::Pawn, Color::Red) => '兵',
            (Role::Pawn, Color::Black) => '卒',
        }
    }

    /// Any character a published text uses for this role, in either script, for either side.
    pub fn from_chinese(c: char) -> Option<Role> {
        Some(match c {
            '帅' | '帥' | '将' | '將' => Role::King,
            '仕' | '士' => Role::Advisor,
            '相' | '象' => Role::Elephant,
            '马' | '馬' | '傌' | '码' => Role::Horse,
            '车' | '車' | '俥' | '伡' => Role::Rook,
            '炮' | '砲' | '包' => Role::Cannon,
            '兵' | '卒' => Role::Pawn,
            _ => return None,
        })
    }

    /// The role's name in referee Chinese (帅 is named 帅 for both sides here).
    pub const fn name_cn(self) -> &'static str {
        match self {
            Role::King => "帅",
            Role::Advisor => "仕",
            Role::Elephant => "相",
            Role::Horse => "马",
            Role::Rook => "车",
            Role::Cannon => "炮",
            Role::Pawn => "兵",
        }
    }

    /// The English name machine-readable output writes (`king`, `advisor`, `elephant`, `horse`,
    /// `rook`, `cannon`, `pawn`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Rook => "rook",
            Role::Cannon => "cannon",
            Role::Pawn => "pawn",
        }
    }

    /// How many of this role a side has in the standard set.
    pub const fn standard_count(self) -> usize {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
