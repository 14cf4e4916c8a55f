// The grouped tiles of the user's menus; entries whose path starts with http open as external links, HR's work
// (资料审核, 提案与推荐) opens the HR console. A tile may
// carry a count as a badge (资料审核: the requests waiting), which is also part of its name.
import type { MenuEntry } from '@ess/contract/menu';
import { Badge, Button } from 'antd-mobile';
import {
  AppOutline,
  BankcardOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  ContentOutline,
  EditSOutline,
  EnvironmentOutline,
  FileOutline,
  FillinOutline,
  FolderOutline,
  LikeOutline,
  MailOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  SearchOutline,
  ShopbagOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserContactOutline,
  UserOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { type ComponentType, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../i18n/zh-CN';
import { consoleAddressOfMenu } from '../../../lib/console-links';
import { essentialTiles, groupMenuTiles, type Tile } from '../group-menu-tiles';

const ICONS: Record<string, ComponentType> = {
  user: UserOutline,
  video: VideoOutline,
  clock: ClockCircleOutline,
  pay: PayCircleOutline,
  meal: ShopbagOutline,
  home: EnvironmentOutline,
  cabinet: FolderOutline,
  safety: CheckShieldOutline,
  survey: FillinOutline,
  idea: LikeOutline,
  exam: EditSOutline,
  book: FileOutline,
  study: UnorderedListOutline,
  message: MessageOutline,
  share: UserAddOutline,
  search: SearchOutline,
  help: QuestionCircleOutline,
  guide: ContentOutline,
  bank: BankcardOutline,
  audit: UserContactOutline,
  inbox: MailOutline,
};

const TileLink = ({ tile, badge = 0 }: { tile: Tile; badge?: number }) => {
  const Icon = ICONS[tile.icon] ?? AppOutline;
  const content = (
    <>
      <span className="menu-tile-icon" aria-hidden="true">
        <Badge content={badge > 0 ? (badge > 99 ? '99+' : badge) : null} color="var(--adm-color-danger)">
          <Icon />
        </Badge>
      </span>
      <span className="menu-tile-name">{tile.name}</span>
    </>
  );
  const label = badge > 0 ? `${tile.name}${t.review.tileBadge(badge)}` : undefined;
  // HR's work (资料审核, 提案与推荐) is the HR console's: a full navigation there, in the same tab.
  const consoleAddress = consoleAddressOfMenu(tile.path);
  if (consoleAddress) {
    return (
      <a className="menu-tile" href={consoleAddress} aria-label={label}>
        {content}
      </a>
    );
  }
  return tile.isExternal ? (
    <a className="menu-tile" href={tile.path} target="_blank" rel="noopener noreferrer" aria-label={label}>
      {content}
    </a>
  ) : (
    <Link className="menu-tile" to={tile.path} aria-label={label}>
      {content}
    </Link>
  );
};

export const MenuTiles = ({
  menus,
  badges = {},
  isLargeText = false,
}: {
  menus: readonly MenuEntry[];
  /** Counts by menu path. */
  badges?: Readonly<Record<string, number>>;
  /** 长辈版: the few tiles that matter most, big, and 全部功能 for the rest. */
  isLargeText?: boolean;
}) => {
  const [isAllShown, setAllShown] = useState(false);
  const essentials = essentialTiles(menus);
  const isReduced = isLargeText && !isAllShown && essentials.tiles.length > 0;
  const groups = isReduced ? [essentials] : groupMenuTiles(menus);
  return (
    <div className="menu-groups">
      {groups.map((group) => (
        <section
          className={`menu-group menu-group-${group.key}`}
          key={group.key}
          aria-labelledby={`menu-group-${group.key}`}
        >
          <h2 className="menu-group-title" id={`menu-group-${group.key}`}>
            {t.home.groups[group.key] ?? group.key}
          </h2>
          <ul className="menu-group-tiles">
            {group.tiles.map((tile) => (
              <li key={tile.key}>
                <TileLink tile={tile} badge={badges[tile.path]} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {isReduced && (
        <Button block size="large" className="menu-all" onClick={() => setAllShown(true)}>
          {t.home.allMenus}
        </Button>
      )}
    </div>
  );
};
