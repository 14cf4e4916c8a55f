// The grouped tiles of the user's menus; entries whose path starts with http open as external links.
import type { MenuEntry } from '@ess/contract/menu';
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
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  SearchOutline,
  ShopbagOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../i18n/zh-CN';
import { groupMenuTiles, type Tile } from '../group-menu-tiles';

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
};

const TileLink = ({ tile }: { tile: Tile }) => {
  const Icon = ICONS[tile.icon] ?? AppOutline;
  const content = (
    <>
      <span className="menu-tile-icon" aria-hidden="true">
        <Icon />
      </span>
      <span className="menu-tile-name">{tile.name}</span>
    </>
  );
  return tile.isExternal ? (
    <a className="menu-tile" href={tile.path} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  ) : (
    <Link className="menu-tile" to={tile.path}>
      {content}
    </Link>
  );
};

export const MenuTiles = ({ menus }: { menus: readonly MenuEntry[] }) => {
  const groups = groupMenuTiles(menus);
  return (
    <div className="menu-groups">
      {groups.map((group) => (
        <section className="menu-group" key={group.key} aria-labelledby={`menu-group-${group.key}`}>
          <h2 className="menu-group-title" id={`menu-group-${group.key}`}>
            {t.home.groups[group.key] ?? group.key}
          </h2>
          <ul className="menu-group-tiles">
            {group.tiles.map((tile) => (
              <li key={tile.key}>
                <TileLink tile={tile} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
};
